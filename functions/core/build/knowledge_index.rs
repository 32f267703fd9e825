// The assistant's search index, shared by build.rs (which builds it for the bundled knowledge at
// compile time) and src/chat/knowledge.rs (which builds it for any other knowledge file): BM25 as
// the `bm25` crate scores it. For each term, the passages that contain it with the term's weight
// there, idf × tf·(k1 + 1) / (tf + k1·(1 − b + b·length / mean length)), in f32 and in the
// crate's order of operations, so scores match the crate's to the bit. A question's score in a
// passage is the sum of its terms' weights there, a repeated term counted again.

/// Per term (sorted), the passages that contain it (by index) with its weight there.
type TermWeights = std::collections::BTreeMap<String, Vec<(u16, f32)>>;

/// The index of passages given as their terms (tokenised, stop words removed, stemmed).
fn bm25_weights(passages: &[Vec<String>]) -> TermWeights {
    const K1: f32 = 1.2;
    const B: f32 = 0.75;
    // The crate's fallback for an empty corpus or one without terms.
    const FALLBACK_AVGDL: f32 = 256.0;
    assert!(passages.len() <= usize::from(u16::MAX), "at most {} passages", u16::MAX);
    let total: u64 = passages.iter().map(|terms| terms.len() as u64).sum();
    let avgdl = match passages.len() {
        0 => FALLBACK_AVGDL,
        n => (total as f64 / n as f64) as f32,
    };
    let avgdl = if avgdl <= 0.0 { FALLBACK_AVGDL } else { avgdl };
    let mut counts: std::collections::BTreeMap<&str, Vec<(u16, u32)>> = Default::default();
    for (id, terms) in passages.iter().enumerate() {
        let mut here: std::collections::BTreeMap<&str, u32> = Default::default();
        for term in terms {
            *here.entry(term.as_str()).or_default() += 1;
        }
        for (term, count) in here {
            counts.entry(term).or_default().push((id as u16, count));
        }
    }
    let n = passages.len() as f32;
    counts
        .into_iter()
        .map(|(term, postings)| {
            let df = postings.len() as f32;
            let idf = (1f32 + (n - df + 0.5) / (df + 0.5)).ln();
            let weights = postings
                .into_iter()
                .map(|(id, count)| {
                    let tf = count as f32;
                    let length = passages[usize::from(id)].len() as f32;
                    let value = tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * (length / avgdl)));
                    (id, idf * value)
                })
                .collect();
            (term.to_owned(), weights)
        })
        .collect()
}
