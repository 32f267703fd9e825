//! Local mail: each message becomes one `.eml` file in a folder (`ACADEMY_OUTBOX`), named
//! `{time}-{submission}-{kind}-{nonce}.eml`, so whether a submission's message was written can be
//! told from the folder alone (the re-drive after a crash asks this: `Mailer::holds`).

use super::{Mail, MailKind, Mailer};
use async_trait::async_trait;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

pub struct OutboxMailer {
    dir: PathBuf,
}

/// How a message's file is named while it is written, before the rename that publishes it.
const PARTIAL: &str = ".partial";

impl OutboxMailer {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    fn file_name(mail: &Mail) -> String {
        format!("{}-{}-{}-{}.eml", crate::time::now(), mail.about, mail.kind.as_str(), crate::ids::generate())
    }

    /// The file names in the folder (none when it does not exist yet).
    async fn names(&self) -> Result<Vec<(String, PathBuf)>, String> {
        let mut entries = match tokio::fs::read_dir(&self.dir).await {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("{}: {e}", self.dir.display())),
        };
        let mut names = Vec::new();
        while let Some(entry) = entries.next_entry().await.map_err(|e| e.to_string())? {
            if let Ok(name) = entry.file_name().into_string() {
                names.push((name, entry.path()));
            }
        }
        Ok(names)
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: &Mail) -> Result<(), String> {
        let mime = mail.to_mime()?;
        tokio::fs::create_dir_all(&self.dir).await.map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let name = Self::file_name(mail);
        // Written beside, then renamed: a reader never sees half a message.
        let partial = self.dir.join(format!(".{name}{PARTIAL}"));
        tokio::fs::write(&partial, mime).await.map_err(|e| e.to_string())?;
        tokio::fs::rename(&partial, self.dir.join(&name)).await.map_err(|e| e.to_string())
    }

    async fn holds(&self, submission: &str) -> Result<bool, String> {
        let marker = format!("-{submission}-{}-", MailKind::Inbox.as_str());
        Ok(self
            .names()
            .await?
            .iter()
            .any(|(name, _)| !name.starts_with('.') && name.ends_with(".eml") && name.contains(&marker)))
    }

    async fn clear_partials(&self, older_than: Duration) -> Result<usize, String> {
        let cutoff = SystemTime::now() - older_than;
        let mut removed = 0;
        for (name, path) in self.names().await? {
            if !(name.starts_with('.') && name.ends_with(PARTIAL)) {
                continue;
            }
            let modified = tokio::fs::metadata(&path).await.and_then(|m| m.modified());
            if modified.is_ok_and(|at| at <= cutoff) {
                match tokio::fs::remove_file(&path).await {
                    Ok(()) => removed += 1,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(format!("{}: {e}", path.display())),
                }
            }
        }
        Ok(removed)
    }
}
