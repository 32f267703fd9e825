//! The offline assistant on real questions, against the knowledge generated from the site's
//! content (`infra/knowledge/knowledge.json`, compiled into the binary).

use academy_core::assistant::{answer, AnswerSource, Knowledge};

async fn ask(question: &str) -> String {
    let knowledge = Knowledge::bundled();
    let (text, source) = answer(&knowledge, None, question).await;
    assert_eq!(source, AnswerSource::Offline);
    text
}

#[test]
fn the_knowledge_covers_the_site() {
    assert!(Knowledge::bundled().len() >= 40, "generated from the content modules, not a placeholder");
}

#[tokio::test]
async fn how_long_is_the_free_demo() {
    let text = ask("How long is the free demo?").await;
    assert!(text.contains("30–45 minutes") && text.contains("/FreeDemo"), "{text}");
}

#[tokio::test]
async fn what_a_course_costs_per_month() {
    let text = ask("How much does the Data Analysis course cost per month?").await;
    assert!(text.contains("$99 per month"), "{text}");
}

#[tokio::test]
async fn the_refund_window() {
    let text = ask("Can I get a refund after I pay?").await;
    assert!(text.contains("3 days") && text.contains("/refund-policy"), "{text}");
}

#[tokio::test]
async fn opening_hours() {
    let text = ask("What are your opening hours?").await;
    assert!(text.contains("Mon–Fri 9:00 AM–7:00 PM") && text.contains("Sat 10:00 AM–4:00 PM"), "{text}");
}

#[tokio::test]
async fn off_topic_questions_are_declined() {
    for question in ["What is the capital of France?", "Write me a poem about the sea"] {
        assert_eq!(
            ask(question).await,
            "⚠️ I can only provide information about Skyline Tech Academy and its services.",
            "{question}"
        );
    }
}
