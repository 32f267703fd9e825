//! `academy`: the local server and the operations tool, on either store.

mod commands;
mod serve;
mod site;
mod staff;

use academy_core::store::{StoreUrl, DEFAULT_STORE};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// The demo catalog, compiled in so `academy seed` works from any folder.
pub const DEMO_CATALOG: &str = include_str!("../../../infra/seed/catalog.json");

/// The demo lecture files (`infra/seed/lectures`), compiled in for the same reason: `academy
/// serve` copies them into an empty lecture folder.
pub const DEMO_LECTURES: &[(&str, &[u8])] =
    &[("sample-lecture.mp4", include_bytes!("../../../infra/seed/lectures/sample-lecture.mp4"))];

#[derive(Parser)]
#[command(name = "academy", version, about = "Skyline Tech Academy: local server and operations tool")]
struct Cli {
    /// Where data lives: embedded:PATH (SQLite) or dynamodb:TABLE (honours AWS_ENDPOINT_URL).
    /// Default: embedded:var/academy.db in this folder, which only `serve` creates.
    #[arg(long, global = true, env = "ACADEMY_STORE")]
    store: Option<StoreUrl>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site and the API on one port, as CloudFront and API Gateway do in AWS.
    Serve(serve::Options),
    /// Load the demo catalog (idempotent: running it again changes nothing).
    Seed,
    /// Issue a Secret ID for a batch's recorded lectures; it is printed once, only its hash is kept.
    Grant {
        /// The batch's 24-character id.
        #[arg(long)]
        batch: String,
        /// A note to find the grant by later, e.g. the student's name.
        #[arg(long)]
        label: Option<String>,
    },
    /// Revoke Secret IDs of a batch, by the Secret ID itself or by label.
    Revoke {
        #[arg(long)]
        batch: String,
        /// The Secret ID; one may start with `-` (its alphabet is base64url's).
        #[arg(long, conflicts_with = "label", required_unless_present = "label", allow_hyphen_values = true)]
        secret: Option<String>,
        #[arg(long)]
        label: Option<String>,
    },
    /// Import courses, outlines, batches and videos from a catalog JSON file; nothing is written
    /// if anything in it is wrong.
    Import { file: PathBuf },
    /// Stored enquiries and enrolment requests.
    #[command(subcommand)]
    Submissions(SubmissionsCommand),
    /// Print the OpenAPI document of the API.
    Openapi,
    /// Create the DynamoDB table (for moto or DynamoDB Local; AWS gets it from template.yaml).
    CreateTable,
    /// Staff accounts: the members of the user pool's staff group, who get the console at /staff.
    Staff(staff::Options),
}

#[derive(Subcommand)]
enum SubmissionsCommand {
    /// List submissions, oldest first.
    List {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Show one submission in full.
    Show { id: String },
    /// Mail a submission again (after a failure, or a lost message) with the configured mailer.
    Resend { id: String },
}

#[tokio::main]
async fn main() -> ExitCode {
    academy_core::platform::telemetry::init_cli();
    let cli = Cli::parse();
    let result = run(cli).await;
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("academy: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> commands::Outcome {
    let creates = matches!(cli.command, Command::Serve(_));
    let store = || store_of(cli.store.clone(), creates);
    match cli.command {
        Command::Openapi => {
            print!("{}", academy_core::platform::openapi::document());
            Ok(())
        }
        Command::Staff(options) => staff::run(options).await,
        Command::CreateTable => commands::create_table(&store()?).await,
        Command::Serve(options) => serve::run(&store()?, options).await,
        Command::Seed => commands::seed(&store()?).await,
        Command::Grant { batch, label } => commands::grant(&store()?, &batch, label).await,
        Command::Revoke { batch, secret, label } => commands::revoke(&store()?, &batch, secret, label).await,
        Command::Import { file } => commands::import(&store()?, &file).await,
        Command::Submissions(SubmissionsCommand::List { json }) => commands::list_submissions(&store()?, json).await,
        Command::Submissions(SubmissionsCommand::Show { id }) => commands::show_submission(&store()?, &id).await,
        Command::Submissions(SubmissionsCommand::Resend { id }) => commands::resend_submission(&store()?, &id).await,
    }
}

/// The store named by `--store` / `ACADEMY_STORE`, else the default in this folder. Only `serve`
/// (what `make dev` runs in the project) creates the default one: any other command run from
/// another folder would otherwise start an empty database there and fail on its first look-up.
fn store_of(named: Option<StoreUrl>, creates: bool) -> Result<StoreUrl, String> {
    if let Some(store) = named {
        return Ok(store);
    }
    let store: StoreUrl = DEFAULT_STORE.parse()?;
    let StoreUrl::Embedded(path) = &store else { return Ok(store) };
    let path = std::path::Path::new(path);
    if creates || path.exists() {
        return Ok(store);
    }
    let full = std::env::current_dir().map_or_else(|_| path.to_path_buf(), |dir| dir.join(path));
    Err(format!(
        "no store at {} (the default, {DEFAULT_STORE}, is relative to the folder you run in). \
         Run it from the project folder once `make dev` has created the store (`make academy ARGS=\"…\"` does), \
         or name one with --store / ACADEMY_STORE.",
        full.display()
    ))
}
