//! `academy staff add|remove|list` as an operator runs them: the real binary, against a user pool on
//! a moto server (Cognito's API over HTTP, reached through AWS_ENDPOINT_URL as in AWS), checked
//! through Cognito's own answers.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use aws_sdk_cognitoidentityprovider::types::{AttributeType, UsernameAttributeType};
use aws_sdk_cognitoidentityprovider::Client;
use std::process::{Command, Output};

/// A fresh user pool with the stack's `staff` group (unless `with_group` is false) and the accounts
/// of `emails`, signed up with the e-mail as their user name as the site's pool does.
struct Pool {
    client: Client,
    id: String,
}

impl Pool {
    async fn new(emails: &[&str], with_group: bool) -> Self {
        let client = Client::new(&support::moto_config().await);
        let created = client
            .create_user_pool()
            .pool_name(format!("academy-{}", academy_core::ids::generate()))
            .username_attributes(UsernameAttributeType::Email)
            .send()
            .await
            .unwrap();
        let id = created.user_pool().and_then(|p| p.id()).unwrap().to_owned();
        if with_group {
            client.create_group().user_pool_id(&id).group_name("staff").send().await.unwrap();
        }
        for email in emails {
            let attribute = AttributeType::builder().name("email").value(*email).build().unwrap();
            client
                .admin_create_user()
                .user_pool_id(&id)
                .username(*email)
                .user_attributes(attribute)
                .send()
                .await
                .unwrap();
        }
        Self { client, id }
    }

    /// The e-mails of the staff group's members, as Cognito lists them.
    async fn staff(&self) -> Vec<String> {
        let members =
            self.client.list_users_in_group().user_pool_id(&self.id).group_name("staff").send().await.unwrap();
        let mut emails: Vec<String> = members
            .users()
            .iter()
            .filter_map(|u| u.attributes().iter().find(|a| a.name() == "email").and_then(|a| a.value()))
            .map(str::to_owned)
            .collect();
        emails.sort();
        emails
    }

    /// `academy staff ARGS` against this pool (named by ACADEMY_USER_POOL_ID).
    fn academy(&self, args: &[&str]) -> Output {
        academy(args, &[("ACADEMY_USER_POOL_ID", &self.id)])
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.academy(args);
        assert!(out.status.success(), "academy {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }
}

/// The academy binary with moto's endpoint and test keys, as an operator's shell would hold AWS's.
fn academy(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_academy"));
    command
        .arg("staff")
        .args(args)
        .env_remove("ACADEMY_USER_POOL_ID")
        .env_remove("AWS_PROFILE")
        .env("AWS_ENDPOINT_URL", support::moto_endpoint())
        .env("AWS_ACCESS_KEY_ID", "testing")
        .env("AWS_SECRET_ACCESS_KEY", "testing")
        .env("AWS_REGION", "eu-west-2")
        .env("RUST_LOG", "warn");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("academy runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[tokio::test]
async fn add_puts_the_account_with_that_email_in_the_staff_group() {
    let pool = Pool::new(&["ayesha@example.com", "bilal@example.com"], true).await;
    // As typed by an operator: another letter case, spaces around.
    let out = pool.ok(&["add", " Ayesha@Example.COM "]);
    assert!(out.contains("is staff"), "{out}");
    assert_eq!(pool.staff().await, ["ayesha@example.com"]);
    // Adding again changes nothing.
    pool.ok(&["add", "ayesha@example.com"]);
    assert_eq!(pool.staff().await, ["ayesha@example.com"]);
}

#[tokio::test]
async fn remove_takes_the_account_out_of_the_staff_group_only() {
    let pool = Pool::new(&["ayesha@example.com", "bilal@example.com"], true).await;
    pool.ok(&["add", "ayesha@example.com"]);
    pool.ok(&["add", "bilal@example.com"]);
    let out = pool.ok(&["remove", "bilal@example.com"]);
    assert!(out.contains("is not staff"), "{out}");
    assert_eq!(pool.staff().await, ["ayesha@example.com"]);
}

#[tokio::test]
async fn list_prints_each_member_of_staff_and_no_one_else() {
    let pool = Pool::new(&["zainab@example.com", "ayesha@example.com", "student@example.com"], true).await;
    assert_eq!(pool.ok(&["list"]), "No staff yet.\n");
    pool.ok(&["add", "zainab@example.com"]);
    pool.ok(&["add", "ayesha@example.com"]);
    assert_eq!(pool.ok(&["list"]), "ayesha@example.com\nzainab@example.com\n");
}

#[tokio::test]
async fn an_email_without_an_account_fails_with_a_message_and_changes_nothing() {
    let pool = Pool::new(&["ayesha@example.com"], true).await;
    for command in ["add", "remove"] {
        let out = pool.academy(&[command, "nobody@example.com"]);
        assert!(!out.status.success(), "{command} succeeded");
        assert!(stderr(&out).contains("no account has the e-mail nobody@example.com"), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    let out = pool.academy(&["add", "not-an-address"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("is not an e-mail address"), "{}", stderr(&out));
    assert!(pool.staff().await.is_empty());
}

#[tokio::test]
async fn a_pool_without_the_staff_group_is_named_in_the_error() {
    let pool = Pool::new(&["ayesha@example.com"], false).await;
    let out = pool.academy(&["add", "ayesha@example.com"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains(&format!("user pool {} has no group staff", pool.id)), "{}", stderr(&out));
}

#[tokio::test]
async fn the_user_pool_comes_from_the_flag_or_the_environment_and_is_required() {
    let pool = Pool::new(&["ayesha@example.com"], true).await;
    let out = academy(&["add", "ayesha@example.com"], &[]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--user-pool-id or set ACADEMY_USER_POOL_ID"), "{}", stderr(&out));
    let out = academy(&["add", "--user-pool-id", &pool.id, "ayesha@example.com"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(pool.staff().await, ["ayesha@example.com"]);
}
