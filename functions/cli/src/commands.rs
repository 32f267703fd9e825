//! The operations commands. Each opens the store, does one thing, and reports in plain words.

use academy_core::catalog::import::{self, ImportOutcome};
use academy_core::domain::AccessGrant;
use academy_core::leads::mail::deliver;
use academy_core::learning::secret;
use academy_core::platform::{env, local};
use academy_core::store::{dynamodb, Store, StoreError, StoreUrl};
use academy_core::store::{CatalogRecords, GrantRecords, SubmissionRecords};
use academy_core::{ids, time};
use std::path::Path;

pub type Outcome = Result<(), String>;

async fn open(url: &StoreUrl) -> Result<Store, String> {
    url.open().await.map_err(|e| format!("cannot open store: {e}"))
}

fn failed(e: StoreError) -> String {
    format!("store failed: {e}")
}

/// Imports catalog text into the store, printing what was written or every problem.
pub async fn import_text(store: &Store, text: &str) -> Outcome {
    match import::import(store, text).await.map_err(failed)? {
        ImportOutcome::Written { courses, outlines, batches, videos } => {
            println!("Imported {courses} courses, {outlines} outlines, {batches} batches, {videos} videos.");
            Ok(())
        }
        ImportOutcome::Rejected(problems) => {
            for problem in &problems {
                eprintln!("{problem}");
            }
            Err(format!("nothing was imported: {} problem(s) found", problems.len()))
        }
    }
}

pub async fn seed(url: &StoreUrl) -> Outcome {
    let store = open(url).await?;
    import_text(&store, crate::DEMO_CATALOG).await?;
    seed_assignment(&store).await
}

/// The demo batch's published assignment (once).
pub async fn seed_assignment(store: &Store) -> Outcome {
    let seeded = academy_core::assignments::seed_demo(store, time::now()).await.map_err(|e| e.to_string())?;
    if seeded {
        println!("the demo batch has a published assignment");
    }
    Ok(())
}

pub async fn import(url: &StoreUrl, file: &Path) -> Outcome {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    import_text(&open(url).await?, &text).await
}

fn checked_batch(batch: &str) -> Result<&str, String> {
    ids::is_valid(batch)
        .then_some(batch)
        .ok_or_else(|| format!("{batch:?} is not a batch id (24 lowercase hex characters)"))
}

pub async fn grant(url: &StoreUrl, batch: &str, label: Option<String>) -> Outcome {
    let store = open(url).await?;
    let batch = checked_batch(batch)?;
    let found = store.get_batch(batch).await.map_err(failed)?.ok_or_else(|| format!("no batch has id {batch}"))?;
    let secret = secret::generate();
    let grant = AccessGrant {
        batch_id: batch.into(),
        secret_hash: secret::hash(&secret),
        label: label.filter(|l| !l.trim().is_empty()),
        created_at: time::now(),
        revoked_at: None,
        access_until: None,
        paused_at: None,
    };
    store.insert_grant(&grant).await.map_err(failed)?;
    println!("Secret ID for {} ({batch}); it is shown only this once:", found.name);
    println!("{secret}");
    Ok(())
}

pub async fn revoke(url: &StoreUrl, batch: &str, secret: Option<String>, label: Option<String>) -> Outcome {
    let store = open(url).await?;
    let batch = checked_batch(batch)?;
    let grants = store.list_grants(batch).await.map_err(failed)?;
    let hash = secret.as_deref().map(secret::hash);
    let targets: Vec<&AccessGrant> = grants
        .iter()
        .filter(|g| g.is_active())
        .filter(|g| match (&hash, &label) {
            (Some(h), _) => &g.secret_hash == h,
            (None, Some(l)) => g.label.as_deref() == Some(l.as_str()),
            (None, None) => false,
        })
        .collect();
    if targets.is_empty() {
        return Err("no active grant of this batch matches".into());
    }
    let now = time::now();
    for grant in &targets {
        store.revoke_grant(grant, now).await.map_err(failed)?;
    }
    println!("Revoked {} grant(s) of batch {batch}.", targets.len());
    Ok(())
}

pub async fn list_submissions(url: &StoreUrl, json: bool) -> Outcome {
    let submissions = open(url).await?.list_submissions().await.map_err(failed)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&submissions).map_err(|e| e.to_string())?);
        return Ok(());
    }
    if submissions.is_empty() {
        println!("No submissions yet.");
    }
    for s in &submissions {
        let email = s.form_data.get("email").and_then(|v| v.as_str()).unwrap_or("-");
        println!(
            "{}  {:<18} {:<8} attempts={} {}",
            s.id,
            s.form_type,
            format!("{:?}", s.status).to_lowercase(),
            s.attempts,
            email
        );
    }
    Ok(())
}

pub async fn show_submission(url: &StoreUrl, id: &str) -> Outcome {
    let found = open(url).await?.get_submission(id).await.map_err(failed)?;
    let submission = found.ok_or_else(|| format!("no submission has id {id}"))?;
    println!("{}", serde_json::to_string_pretty(&submission).map_err(|e| e.to_string())?);
    Ok(())
}

pub async fn resend_submission(url: &StoreUrl, id: &str) -> Outcome {
    let store = open(url).await?;
    let mailer = local::mailer_from_env(url).await?;
    let settings = env::mail_settings();
    let status = deliver(&store, mailer.as_ref(), &settings, id, true).await.map_err(|e| e.to_string())?;
    println!("Submission {id} is {}.", format!("{status:?}").to_lowercase());
    Ok(())
}

pub async fn create_table(url: &StoreUrl) -> Outcome {
    let StoreUrl::DynamoDb(table) = url else {
        return Err("create-table needs --store dynamodb:TABLE".into());
    };
    let client = dynamodb::Client::new(&academy_core::platform::aws::config().await);
    dynamodb::create_table(&client, table).await.map_err(failed)?;
    println!("Created table {table}.");
    Ok(())
}
