//! The institute's facts as passages, searchable with BM25 as the `bm25` crate does it (its English
//! tokenising: ASCII normalisation, stop words, Snowball stemming; and its scores). The bundled
//! knowledge's index and the stop words are built at compile time (build.rs), so a cold start only
//! reads them; another knowledge file (tests) is indexed when parsed, by the same code.

use rust_stemmers::{Algorithm, Stemmer};
use serde::Deserialize;
use std::cmp::Ordering;
use unicode_segmentation::UnicodeSegmentation;

/// The generated knowledge file, compiled into the binary so every Lambda carries it.
pub const BUNDLED: &str = include_str!("../../../../infra/knowledge/knowledge.json");

include!(concat!(env!("CARGO_MANIFEST_DIR"), "/build/knowledge_index.rs"));

/// `COMPANY`, `PASSAGES`, `TERMS` and `STOP_WORDS` (sorted): the bundled knowledge, its index and
/// the tokenizer's stop words, as build.rs wrote them.
mod compiled {
    include!(concat!(env!("OUT_DIR"), "/knowledge_index.rs"));
}

/// A passage must score at least this to count as an answer.
const MIN_SCORE: f32 = 1.0;

/// At least this share of a question's terms must occur somewhere in the knowledge; otherwise
/// it is about something else ("write me a poem about the sea" shares only "write").
const MIN_KNOWN_SHARE: f32 = 0.5;

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Passage {
    pub title: String,
    pub text: String,
    /// The site path where the passage is shown, e.g. `/FreeDemo`.
    pub url: String,
}

#[derive(Deserialize)]
struct KnowledgeFile {
    company: String,
    passages: Vec<Passage>,
}

/// The terms of `text` as the `bm25` crate's English tokenizer makes them (`DefaultTokenizer`, whose
/// steps these are): normalised to ASCII, lower-cased, split into words, stop words dropped, stemmed.
fn terms(text: &str) -> Vec<String> {
    let stemmer = Stemmer::create(Algorithm::English);
    deunicode::deunicode_with_tofu_cow(text, "[?]")
        .to_lowercase()
        .unicode_words()
        .filter(|word| !word.is_empty() && compiled::STOP_WORDS.binary_search(word).is_err())
        .map(|word| stemmer.stem(word).into_owned())
        .collect()
}

/// Per term, sorted by term: the passages that contain it with its BM25 weight there.
enum Index {
    Compiled(&'static [(&'static str, &'static [(u16, f32)])]),
    Built(Vec<(String, Vec<(u16, f32)>)>),
}

impl Index {
    fn postings(&self, term: &str) -> Option<&[(u16, f32)]> {
        match self {
            Self::Compiled(terms) => terms.binary_search_by(|(t, _)| (*t).cmp(term)).ok().map(|i| terms[i].1),
            Self::Built(terms) => {
                terms.binary_search_by(|(t, _)| t.as_str().cmp(term)).ok().map(|i| terms[i].1.as_slice())
            }
        }
    }
}

pub struct Knowledge {
    pub company: String,
    passages: Vec<Passage>,
    index: Index,
}

impl Knowledge {
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: KnowledgeFile = serde_json::from_str(text).map_err(|e| format!("knowledge file: {e}"))?;
        if file.passages.len() > usize::from(u16::MAX) {
            return Err(format!("knowledge file: more than {} passages", u16::MAX));
        }
        let passage_terms: Vec<Vec<String>> =
            file.passages.iter().map(|p| terms(&format!("{} {}", p.title, p.text))).collect();
        let index = Index::Built(bm25_weights(&passage_terms).into_iter().collect());
        Ok(Self { company: file.company, passages: file.passages, index })
    }

    /// The knowledge compiled into this binary, with the index build.rs made of it.
    pub fn bundled() -> Self {
        let passages = compiled::PASSAGES
            .iter()
            .map(|&(title, text, url)| Passage { title: title.into(), text: text.into(), url: url.into() })
            .collect();
        Self { company: compiled::COMPANY.into(), passages, index: Index::Compiled(compiled::TERMS) }
    }

    pub fn len(&self) -> usize {
        self.passages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.passages.is_empty()
    }

    /// The passages most relevant to `question`, best first, above the relevance floor.
    pub fn search(&self, question: &str, limit: usize) -> Vec<&Passage> {
        let terms = terms(question);
        let known = terms.iter().filter(|t| self.index.postings(t).is_some()).count();
        if terms.is_empty() || (known as f32) < MIN_KNOWN_SHARE * terms.len() as f32 {
            return Vec::new();
        }
        self.ranked(&terms)
            .into_iter()
            .take(limit)
            .filter(|&(_, score)| score >= MIN_SCORE)
            .filter_map(|(id, _)| self.passages.get(id))
            .collect()
    }

    /// Every passage that has one of `terms`, with its score, best first (equal scores in the
    /// file's order). Each passage's score is summed in the terms' order, as the crate sums it.
    fn ranked(&self, terms: &[String]) -> Vec<(usize, f32)> {
        let mut scores: Vec<Option<f32>> = vec![None; self.passages.len()];
        for term in terms {
            for &(id, weight) in self.index.postings(term).unwrap_or_default() {
                *scores[usize::from(id)].get_or_insert(0.0) += weight;
            }
        }
        let mut hits: Vec<(usize, f32)> = scores.into_iter().enumerate().filter_map(|(id, s)| Some((id, s?))).collect();
        hits.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(Ordering::Equal).then(a.0.cmp(&b.0)));
        hits
    }

    /// The offline reply: the best passage with a link to where it is on the site, or the
    /// off-topic decline.
    pub fn offline_answer(&self, best_first: &[&Passage]) -> String {
        match best_first.first() {
            Some(p) => format!("{}\n\nMore: {} — {}", p.text, p.title, p.url),
            None => super::off_topic(&self.company),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knowledge() -> Knowledge {
        Knowledge::parse(
            r#"{"company": "Skyline Tech Academy", "passages": [
                {"title": "How long is a free demo class?", "text": "A free demo class lasts 30–45 minutes.", "url": "/FreeDemo"},
                {"title": "Refund policy", "text": "Refunds can be requested in writing within 3 days of purchase.", "url": "/refund-policy"},
                {"title": "Opening hours", "text": "Monday to Friday 9:00 AM–7:00 PM, Saturday 10:00 AM–4:00 PM.", "url": "/contact"}
            ]}"#,
        )
        .unwrap()
    }

    #[test]
    fn finds_the_passage_a_question_is_about() {
        let k = knowledge();
        assert_eq!(k.search("How long is the free demo?", 3)[0].url, "/FreeDemo");
        assert_eq!(k.search("Can I get a refund?", 3)[0].url, "/refund-policy");
    }

    #[test]
    fn offline_answer_quotes_and_links_the_passage() {
        let k = knowledge();
        let answer = k.offline_answer(&k.search("how long does the demo last", 3));
        assert!(answer.contains("30–45 minutes") && answer.contains("/FreeDemo"), "{answer}");
    }

    #[test]
    fn unrelated_questions_are_declined() {
        let k = knowledge();
        let hits = k.search("What is the capital of France?", 3);
        assert!(hits.is_empty());
        assert!(k.search("Write me a poem about the sea", 3).is_empty(), "only one term in three is known");
        assert_eq!(
            k.offline_answer(&hits),
            "⚠️ I can only provide information about Skyline Tech Academy and its services."
        );
    }

    #[test]
    fn the_bundled_file_parses() {
        assert_eq!(Knowledge::bundled().company, "Skyline Tech Academy");
    }

    /// The index compiled in is the one the knowledge file gives today (build.rs ran on it).
    #[test]
    fn the_compiled_index_is_the_bundled_files() {
        let (compiled, parsed) = (Knowledge::bundled(), Knowledge::parse(BUNDLED).unwrap());
        assert_eq!(compiled.company, parsed.company);
        assert_eq!(compiled.passages, parsed.passages);
        let Index::Built(built) = &parsed.index else { panic!("a parsed file is indexed at run time") };
        let Index::Compiled(terms) = compiled.index else { panic!("the bundled index is compiled in") };
        assert_eq!(terms.len(), built.len());
        for ((term, weights), (built_term, built_weights)) in terms.iter().zip(built) {
            assert_eq!((*term, *weights), (built_term.as_str(), built_weights.as_slice()));
        }
    }

    /// Questions a visitor asks, some with what normalisation and stop words are for.
    const ASKED: [&str; 9] = [
        "How long is the free demo?",
        "Can I get a refund?",
        "Do you teach data analysis online?",
        "what does the MERN course cost in pounds",
        "When are you open on Saturday?",
        "python python python",
        "Café naïve résumé — 30–45 minutes? 🍕",
        "I'd like to know: isn't it Karachi-based, & aren't y'all in the U.K.?",
        "",
    ];

    /// The terms are the `bm25` crate's own tokenizer's, for every passage and question.
    #[test]
    fn tokenises_as_the_bm25_crate_does() {
        use bm25::{DefaultTokenizer, Language, Tokenizer};
        let reference = DefaultTokenizer::new(Language::English);
        let knowledge = Knowledge::bundled();
        let passages = knowledge.passages.iter().map(|p| format!("{} {}", p.title, p.text));
        for text in passages.chain(ASKED.map(String::from)) {
            assert_eq!(terms(&text), reference.tokenize(&text), "{text}");
        }
    }

    /// Scores and order are the `bm25` crate's own (its search engine over the same passages),
    /// for every passage's title asked as a question and a few questions a visitor asks.
    #[test]
    fn ranks_as_the_bm25_crate_does() {
        use bm25::{Document, Language, SearchEngineBuilder};
        let knowledge = Knowledge::bundled();
        let documents = knowledge
            .passages
            .iter()
            .enumerate()
            .map(|(id, p)| Document { id, contents: format!("{} {}", p.title, p.text) });
        let engine = SearchEngineBuilder::<usize>::with_documents(Language::English, documents).build();
        let questions = knowledge.passages.iter().map(|p| p.title.as_str()).chain(ASKED);
        for question in questions {
            let mut expected: Vec<(usize, f32)> =
                engine.search(question, None).into_iter().map(|hit| (hit.document.id, hit.score)).collect();
            // The crate leaves equal scores in hash order; ours are in the file's order.
            expected.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap().then(a.0.cmp(&b.0)));
            let ranked = knowledge.ranked(&terms(question));
            assert_eq!(ranked, expected, "{question}");
        }
    }
}
