//! The Lambdas hand every AWS SDK client the one partition they run in (infra/layer/aws/partitions.json,
//! through `SMITHY_CLIENT_SDK_CUSTOM_PARTITION`; docs/decisions/0037-one-partition-for-the-sdk.md): each SDK
//! crate otherwise parses its built-in eight partitions and compiles their region patterns when its first
//! client is made, the largest share of a cold start's work. Here every SDK crate the product links
//! resolves the same endpoint for every region of that partition, and for regions it does not list yet,
//! with the file as with its built-in list.
//!
//! Each world is its own process (the SDK reads the variable once per process): this test runs the
//! ignored `endpoints` below as a child, once with the file and once without, and compares what each prints.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

const VARIABLE: &str = "SMITHY_CLIENT_SDK_CUSTOM_PARTITION";

fn partitions_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../infra/layer/aws/partitions.json")
}

/// The regions to resolve: every region of the SDK's own `aws` partition as it ships them (whose
/// entries carry only descriptions, which is why the file lists none), and two it does not list yet
/// (matched by the pattern).
const REGIONS: [&str; 37] = [
    "af-south-1",
    "ap-east-1",
    "ap-east-2",
    "ap-northeast-1",
    "ap-northeast-2",
    "ap-northeast-3",
    "ap-south-1",
    "ap-south-2",
    "ap-southeast-1",
    "ap-southeast-2",
    "ap-southeast-3",
    "ap-southeast-4",
    "ap-southeast-5",
    "ap-southeast-6",
    "ap-southeast-7",
    "aws-global",
    "ca-central-1",
    "ca-west-1",
    "eu-central-1",
    "eu-central-2",
    "eu-north-1",
    "eu-south-1",
    "eu-south-2",
    "eu-west-1",
    "eu-west-2",
    "eu-west-3",
    "il-central-1",
    "me-central-1",
    "me-south-1",
    "mx-central-1",
    "sa-east-1",
    "us-east-1",
    "us-east-2",
    "us-west-1",
    "us-west-2",
    "eu-west-9",
    "ap-southeast-9",
];

/// The file holds one partition, `aws`, with the stack's region matched by its pattern.
fn file_partition() -> serde_json::Value {
    let text = std::fs::read_to_string(partitions_file()).unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let partitions = file["partitions"].as_array().unwrap();
    assert_eq!(partitions.len(), 1, "one partition: the one the stack runs in");
    partitions[0].clone()
}

/// What one child process printed: service → region → endpoint URL.
fn resolved(file: Option<PathBuf>) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut child = Command::new(std::env::current_exe().unwrap());
    child.args(["--ignored", "--exact", "partitions::endpoints", "--nocapture", "--test-threads=1"]);
    match file {
        Some(file) => child.env(VARIABLE, file),
        None => child.env_remove(VARIABLE),
    };
    let out = child.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let line = stdout.lines().find_map(|l| l.strip_prefix("ENDPOINTS ")).expect("the child printed its endpoints");
    serde_json::from_str(line).unwrap()
}

#[test]
fn every_sdk_resolves_the_same_endpoints_with_the_one_partition_file() {
    let partition = file_partition();
    assert_eq!(partition["id"], "aws");
    let pattern = regex::Regex::new(partition["regionRegex"].as_str().unwrap()).unwrap();
    assert!(pattern.is_match("eu-west-2"), "the stack's region is the partition's");

    let (built_in, from_file) = (resolved(None), resolved(Some(partitions_file())));
    assert_eq!(built_in.len(), 5, "{built_in:?}");
    assert_eq!(from_file, built_in);
    assert_eq!(from_file["dynamodb"]["eu-west-2"], "https://dynamodb.eu-west-2.amazonaws.com");
    assert_eq!(from_file["sesv2"]["eu-west-9"], "https://email.eu-west-9.amazonaws.com");

    // The variable is read: a file naming another DNS suffix moves every endpoint.
    let other = std::env::temp_dir().join(format!("partitions-{}.json", std::process::id()));
    let text = std::fs::read_to_string(partitions_file()).unwrap().replace("\"amazonaws.com\"", "\"example.test\"");
    std::fs::write(&other, text).unwrap();
    let moved = resolved(Some(other.clone()));
    let _ = std::fs::remove_file(&other);
    assert_eq!(moved["dynamodb"]["eu-west-2"], "https://dynamodb.eu-west-2.example.test");
}

macro_rules! endpoint {
    ($sdk:ident, $region:expr) => {{
        use $sdk::config::endpoint::{DefaultResolver, Params, ResolveEndpoint};
        let params = Params::builder().region($region.to_owned()).build().unwrap();
        DefaultResolver::new()
            .resolve_endpoint(&params)
            .await
            .map(|e| e.url().to_owned())
            .unwrap_or_else(|e| e.to_string())
    }};
}

/// Run by the test above in a child process: every SDK's endpoint for every region, as one line of JSON.
#[tokio::test]
#[ignore = "run by every_sdk_resolves_the_same_endpoints_with_the_one_partition_file in its own process"]
async fn endpoints() {
    let mut all: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
    for region in REGIONS {
        all.entry("dynamodb").or_default().insert(region.to_owned(), endpoint!(aws_sdk_dynamodb, region));
        all.entry("s3").or_default().insert(region.to_owned(), endpoint!(aws_sdk_s3, region));
        all.entry("secretsmanager").or_default().insert(region.to_owned(), endpoint!(aws_sdk_secretsmanager, region));
        all.entry("sesv2").or_default().insert(region.to_owned(), endpoint!(aws_sdk_sesv2, region));
        all.entry("eventbridge").or_default().insert(region.to_owned(), endpoint!(aws_sdk_eventbridge, region));
    }
    println!("\nENDPOINTS {}", serde_json::to_string(&all).unwrap());
}
