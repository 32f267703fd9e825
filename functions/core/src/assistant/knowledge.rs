//! The institute's facts as passages, searchable with BM25 (the `bm25` crate: tokenising,
//! stemming and stop words for English).

use bm25::{DefaultTokenizer, Document, Language, SearchEngine, SearchEngineBuilder, Tokenizer};
use serde::Deserialize;
use std::collections::HashSet;

/// The generated knowledge file, compiled into the binary so every Lambda carries it.
pub const BUNDLED: &str = include_str!("../../../../infra/knowledge/knowledge.json");

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

pub struct Knowledge {
    pub company: String,
    passages: Vec<Passage>,
    engine: SearchEngine<usize>,
    tokenizer: DefaultTokenizer,
    /// Every term (stemmed, stop words removed) that occurs in some passage.
    vocabulary: HashSet<String>,
}

impl Knowledge {
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: KnowledgeFile = serde_json::from_str(text).map_err(|e| format!("knowledge file: {e}"))?;
        let contents: Vec<String> = file.passages.iter().map(|p| format!("{} {}", p.title, p.text)).collect();
        let tokenizer = DefaultTokenizer::new(Language::English);
        let vocabulary = contents.iter().flat_map(|c| tokenizer.tokenize(c)).collect();
        let documents = contents.into_iter().enumerate().map(|(id, contents)| Document { id, contents });
        let engine = SearchEngineBuilder::<usize>::with_documents(Language::English, documents).build();
        Ok(Self { company: file.company, passages: file.passages, engine, tokenizer, vocabulary })
    }

    /// The knowledge compiled into this binary.
    pub fn bundled() -> Self {
        Self::parse(BUNDLED).expect("the bundled knowledge file is valid")
    }

    pub fn len(&self) -> usize {
        self.passages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.passages.is_empty()
    }

    /// The passages most relevant to `question`, best first, above the relevance floor.
    pub fn search(&self, question: &str, limit: usize) -> Vec<&Passage> {
        let terms = self.tokenizer.tokenize(question);
        let known = terms.iter().filter(|t| self.vocabulary.contains(*t)).count();
        if terms.is_empty() || (known as f32) < MIN_KNOWN_SHARE * terms.len() as f32 {
            return Vec::new();
        }
        self.engine
            .search(question, limit)
            .into_iter()
            .filter(|hit| hit.score >= MIN_SCORE)
            .filter_map(|hit| self.passages.get(hit.document.id))
            .collect()
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
}
