//! Local mail: each message becomes one `.eml` file in a folder (`ACADEMY_OUTBOX`).

use super::{Mail, Mailer};
use async_trait::async_trait;
use std::path::PathBuf;

pub struct OutboxMailer {
    dir: PathBuf,
}

impl OutboxMailer {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: &Mail) -> Result<(), String> {
        let mime = mail.to_mime()?;
        tokio::fs::create_dir_all(&self.dir).await.map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let name = format!("{}-{}.eml", crate::time::now(), crate::ids::generate());
        // Written beside, then renamed: a reader never sees half a message.
        let partial = self.dir.join(format!(".{name}.partial"));
        tokio::fs::write(&partial, mime).await.map_err(|e| e.to_string())?;
        tokio::fs::rename(&partial, self.dir.join(&name)).await.map_err(|e| e.to_string())
    }
}
