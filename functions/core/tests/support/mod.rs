//! Test support: stores of both kinds, and a real moto server (the AWS API over HTTP) started
//! once per test binary on a free loopback port.
#![allow(dead_code)]

use academy_core::catalog::{import, ImportOutcome};
use academy_core::store::dynamodb::{create_table, DynamoItems};
use academy_core::store::sqlite::SqliteItems;
use academy_core::store::Store;
use aws_config::{BehaviorVersion, Region};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

/// The moto server's endpoint, e.g. `http://127.0.0.1:40123`.
pub fn moto_endpoint() -> &'static str {
    static ENDPOINT: OnceLock<String> = OnceLock::new();
    ENDPOINT.get_or_init(start_moto)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn start_moto() -> String {
    let program = std::env::var("MOTO_SERVER").unwrap_or_else(|_| "moto_server".into());
    let port = free_port();
    let (tx, rx) = mpsc::channel();
    // The child is spawned from a thread that lives as long as the test process, so the
    // parent-death signal below fires when the tests end, not when one test's thread does.
    std::thread::spawn(move || {
        let mut command = Command::new(&program);
        command
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: prctl is async-signal-safe; it only asks the kernel to end the child with us.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        match command.spawn() {
            Ok(child) => {
                tx.send(Ok(())).unwrap();
                let _keep = child;
                loop {
                    std::thread::park();
                }
            }
            Err(e) => {
                tx.send(Err(format!("cannot start {program} ({e}); `make test` installs moto into the venv"))).unwrap()
            }
        }
    });
    rx.recv().unwrap().unwrap_or_else(|e| panic!("{e}"));
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "moto did not start on port {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let endpoint = format!("http://127.0.0.1:{port}");
    eprintln!("moto server (AWS API) at {endpoint}");
    endpoint
}

/// SDK configuration pointing at moto with test credentials.
pub async fn moto_config() -> aws_config::SdkConfig {
    aws_config::defaults(BehaviorVersion::latest())
        .endpoint_url(moto_endpoint())
        .region(Region::new("eu-west-2"))
        .credentials_provider(aws_sdk_s3::config::Credentials::new("testing", "testing", None, None, "tests"))
        .load()
        .await
}

/// A store on a fresh DynamoDB table in moto.
pub async fn moto_store() -> Store {
    let client = academy_core::store::dynamodb::Client::new(&moto_config().await);
    let table = format!("academy-{}", academy_core::ids::generate());
    create_table(&client, &table).await.expect("moto creates the table");
    Store::new(Arc::new(DynamoItems::new(client, &table)))
}

/// A store in a fresh SQLite file.
pub fn sqlite_store() -> Store {
    let path = std::env::temp_dir().join(format!("academy-test-{}.db", academy_core::ids::generate()));
    Store::new(Arc::new(SqliteItems::open(path.to_str().unwrap()).expect("sqlite opens")))
}

pub fn demo_catalog() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/seed/catalog.json")).expect("seed file")
}

/// A store holding the demo catalog.
pub async fn seeded(store: Store) -> Store {
    match import(&store, &demo_catalog()).await.expect("import runs") {
        ImportOutcome::Written { .. } => store,
        ImportOutcome::Rejected(problems) => panic!("demo catalog rejected: {problems:?}"),
    }
}
