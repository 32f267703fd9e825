//! HTTPS clients trust only the roots compiled into the binary, never the machine's certificate
//! store: a certificate authority that the system store trusts (SSL_CERT_FILE, which the system
//! store's loader reads) is refused by the AWS SDK's clients and by reqwest alike, so no client
//! reads that store at start either. The rest of the tests talk plain HTTP to moto and local
//! servers, where no trust roots are involved.

use academy_core::assistant::{GeminiModel, ModelError};
use rustls::pki_types::{pem::PemObject, PrivateKeyDer};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

/// An HTTPS server with a certificate from the test's own authority; it answers every request
/// 200 with an empty DynamoDB table list and records how each connection's handshake ended.
struct Server {
    url: String,
    handshakes: Arc<(Mutex<Vec<String>>, Condvar)>,
}

impl Server {
    fn start(config: Arc<rustls::ServerConfig>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("https://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let handshakes = Arc::new((Mutex::new(Vec::new()), Condvar::new()));
        let log = handshakes.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let (config, log) = (config.clone(), log.clone());
                std::thread::spawn(move || {
                    let ended = serve(config, stream.unwrap());
                    log.0.lock().unwrap().push(ended);
                    log.1.notify_all();
                });
            }
        });
        Self { url, handshakes }
    }

    /// How the connections so far ended, once at least one has (the server thread may record it
    /// after the client has given up).
    fn handshakes(&self) -> Vec<String> {
        let (log, ended) = &*self.handshakes;
        let (log, wait) =
            ended.wait_timeout_while(log.lock().unwrap(), Duration::from_secs(30), |l| l.is_empty()).unwrap();
        assert!(!wait.timed_out(), "no connection reached the server");
        log.clone()
    }
}

/// One connection: "answered" once a request was answered, else the TLS error that ended it.
fn serve(config: Arc<rustls::ServerConfig>, mut socket: std::net::TcpStream) -> String {
    let mut connection = rustls::ServerConnection::new(config).unwrap();
    let mut tls = rustls::Stream::new(&mut connection, &mut socket);
    let (mut request, mut buffer) = (Vec::new(), [0u8; 4096]);
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match tls.read(&mut buffer) {
            Ok(0) => return "closed".into(),
            Ok(n) => request.extend_from_slice(&buffer[..n]),
            Err(e) => return e.to_string(),
        }
    }
    let body = r#"{"TableNames":[]}"#;
    let answer = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/x-amz-json-1.0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    tls.write_all(answer.as_bytes()).unwrap();
    tls.flush().unwrap();
    "answered".into()
}

struct World {
    aws: Server,
    web: Server,
}

/// Once per test binary, before any client is made: a certificate authority of the test's own
/// that the system store holds and nothing else, a server for each kind of client, and the AWS
/// environment pointing at the first.
fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let authority_key = rcgen::KeyPair::generate().unwrap();
        let mut authority = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        authority.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        authority.distinguished_name.push(rcgen::DnType::CommonName, "Academy test authority");
        let authority = rcgen::CertifiedIssuer::self_signed(authority, authority_key).unwrap();
        let server_key = rcgen::KeyPair::generate().unwrap();
        let server_cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
            .unwrap()
            .signed_by(&server_key, &authority)
            .unwrap();

        let dir = std::env::temp_dir().join(format!("academy-trust-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("certs")).unwrap();
        let store: PathBuf = dir.join("system-store.pem");
        std::fs::write(&store, authority.pem()).unwrap();
        // The system store is this authority alone (rustls-native-certs reads only these two).
        std::env::set_var("SSL_CERT_FILE", &store);
        std::env::set_var("SSL_CERT_DIR", dir.join("certs"));

        let key = PrivateKeyDer::from_pem_slice(server_key.serialize_pem().as_bytes()).unwrap();
        let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![server_cert.der().clone(), authority.der().clone()], key)
            .unwrap();
        let config = Arc::new(config);
        let (aws, web) = (Server::start(config.clone()), Server::start(config));

        for (name, value) in [
            ("AWS_ENDPOINT_URL", aws.url.as_str()),
            ("AWS_REGION", "eu-west-2"),
            ("AWS_ACCESS_KEY_ID", "testing"),
            ("AWS_SECRET_ACCESS_KEY", "testing"),
            ("AWS_CONFIG_FILE", "/dev/null"),
            ("AWS_SHARED_CREDENTIALS_FILE", "/dev/null"),
            ("AWS_EC2_METADATA_DISABLED", "true"),
        ] {
            std::env::set_var(name, value);
        }
        World { aws, web }
    })
}

fn refused_for_its_authority(server: &Server) {
    let handshakes = server.handshakes();
    for handshake in &handshakes {
        assert!(handshake.contains("UnknownCA"), "the client refused the certificate's authority: {handshakes:?}");
    }
}

#[tokio::test]
async fn the_aws_clients_refuse_an_authority_only_the_system_store_trusts() {
    let world = world();
    let config = academy_core::platform::aws::config().await;
    let dynamodb = academy_core::store::dynamodb::client(&config);
    let outcome = dynamodb.list_tables().send().await;
    assert!(outcome.is_err(), "DynamoDB answered through a certificate the compiled-in roots do not trust");
    refused_for_its_authority(&world.aws);
}

#[tokio::test]
async fn reqwest_refuses_an_authority_only_the_system_store_trusts() {
    let world = world();
    let model = GeminiModel::new(&world.web.url, "a-model", "a-key", Duration::from_secs(5)).unwrap();
    let outcome = model.ask("Skyline Tech Academy", &[], "How long is the free demo?").await;
    assert!(matches!(outcome, Err(ModelError::Transport(_))), "{outcome:?}");
    refused_for_its_authority(&world.web);
}
