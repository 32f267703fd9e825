//! `academy staff add|remove|list`: who may use the staff console. Staff are the members of the user
//! pool's `staff` group (the API checks the access token's `cognito:groups`), so these commands are
//! Cognito's admin calls on that group, with the AWS settings of the environment (AWS_PROFILE or
//! keys, AWS_REGION, AWS_ENDPOINT_URL). An account is found by its e-mail: it must have signed up.

use crate::commands::Outcome;
use academy_core::http::identity::STAFF_GROUP;
use aws_sdk_cognitoidentityprovider::error::{DisplayErrorContext, ProvideErrorMetadata};
use aws_sdk_cognitoidentityprovider::types::UserType;
use aws_sdk_cognitoidentityprovider::Client;
use clap::{Args, Subcommand};

#[derive(Args)]
pub struct Options {
    /// The user pool: the stack's UserPoolId output (docs/OPERATIONS.md, "Staff accounts").
    #[arg(long, env = "ACADEMY_USER_POOL_ID", global = true)]
    user_pool_id: Option<String>,

    #[command(subcommand)]
    command: StaffCommand,
}

#[derive(Subcommand)]
enum StaffCommand {
    /// Make the account with this e-mail staff: at its next sign-in it gets the console at /staff.
    Add { email: String },
    /// Take the console from the account with this e-mail (a session already open keeps it until
    /// its access token expires, at most an hour).
    Remove { email: String },
    /// Print the e-mail of every member of staff, one a line.
    List,
}

const NO_POOL: &str = "no user pool: pass --user-pool-id or set ACADEMY_USER_POOL_ID to the stack's UserPoolId \
                       output (python3 infra/scripts/stack_outputs.py STACK UserPoolId)";

pub async fn run(options: Options) -> Outcome {
    let pool = options.user_pool_id.filter(|p| !p.trim().is_empty()).ok_or(NO_POOL)?;
    let staff = StaffGroup { client: Client::new(&academy_core::platform::aws::config().await), pool };
    match options.command {
        StaffCommand::Add { email } => staff.add(&email).await,
        StaffCommand::Remove { email } => staff.remove(&email).await,
        StaffCommand::List => staff.list().await,
    }
}

/// The `staff` group of one user pool.
struct StaffGroup {
    client: Client,
    pool: String,
}

/// An AWS error in one sentence: the service's code and message, or what failed on the way.
fn aws_error<E: ProvideErrorMetadata + std::error::Error + 'static, R: std::fmt::Debug>(
    error: aws_sdk_cognitoidentityprovider::error::SdkError<E, R>,
) -> String {
    match error.as_service_error() {
        Some(service) => {
            format!("Cognito refused: {}: {}", service.code().unwrap_or("error"), service.message().unwrap_or(""))
        }
        None => format!("cannot reach Cognito: {}", DisplayErrorContext(&error)),
    }
}

/// The e-mail as typed, trimmed; refused when it cannot be an address (or would break the
/// ListUsers filter, a quoted string).
fn checked_email(email: &str) -> Result<&str, String> {
    let email = email.trim();
    let plausible = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty())
        && !email.chars().any(|c| c == '"' || c == '\\' || c.is_whitespace() || c.is_control());
    plausible.then_some(email).ok_or_else(|| format!("{email:?} is not an e-mail address"))
}

fn email_of(user: &UserType) -> Option<&str> {
    user.attributes().iter().find(|a| a.name() == "email").and_then(|a| a.value())
}

impl StaffGroup {
    /// The account's user name in the pool: the one account with this e-mail, as typed or in
    /// lowercase (the site signs people up with the address they type).
    async fn username(&self, email: &str) -> Result<String, String> {
        let email = checked_email(email)?;
        let lower = email.to_lowercase();
        let mut tried = vec![email];
        if lower != email {
            tried.push(&lower);
        }
        for candidate in tried {
            let found = self
                .client
                .list_users()
                .user_pool_id(&self.pool)
                .filter(format!("email = \"{candidate}\""))
                .send()
                .await
                .map_err(|e| self.pool_error(e))?;
            match found.users() {
                [] => continue,
                [user] => return user.username().map(str::to_owned).ok_or_else(|| "Cognito named no user".into()),
                many => {
                    return Err(format!(
                        "{} accounts have the e-mail {candidate}: change it in the console",
                        many.len()
                    ))
                }
            }
        }
        Err(format!("no account has the e-mail {email} in user pool {}: they sign up on the site first", self.pool))
    }

    /// `error` said in words, naming the pool or the group when Cognito cannot find it.
    fn pool_error<E: ProvideErrorMetadata + std::error::Error + 'static, R: std::fmt::Debug>(
        &self,
        error: aws_sdk_cognitoidentityprovider::error::SdkError<E, R>,
    ) -> String {
        if error.as_service_error().and_then(ProvideErrorMetadata::code) == Some("ResourceNotFoundException") {
            return format!(
                "user pool {} has no group {STAFF_GROUP} (or no such pool): is the stack deployed from the current \
                 template.yaml, and is this its UserPoolId?",
                self.pool
            );
        }
        aws_error(error)
    }

    async fn add(&self, email: &str) -> Outcome {
        let username = self.username(email).await?;
        self.client
            .admin_add_user_to_group()
            .user_pool_id(&self.pool)
            .group_name(STAFF_GROUP)
            .username(&username)
            .send()
            .await
            .map_err(|e| self.pool_error(e))?;
        println!("{} is staff: at their next sign-in the console is at /staff.", email.trim());
        Ok(())
    }

    async fn remove(&self, email: &str) -> Outcome {
        let username = self.username(email).await?;
        self.client
            .admin_remove_user_from_group()
            .user_pool_id(&self.pool)
            .group_name(STAFF_GROUP)
            .username(&username)
            .send()
            .await
            .map_err(|e| self.pool_error(e))?;
        println!("{} is not staff: a session already open keeps the console at most an hour.", email.trim());
        Ok(())
    }

    async fn list(&self) -> Outcome {
        let mut pages =
            self.client.list_users_in_group().user_pool_id(&self.pool).group_name(STAFF_GROUP).into_paginator().send();
        let mut emails = Vec::new();
        while let Some(page) = pages.next().await {
            let page = page.map_err(|e| self.pool_error(e))?;
            emails.extend(page.users().iter().map(|u| email_of(u).or(u.username()).unwrap_or("?").to_owned()));
        }
        emails.sort();
        if emails.is_empty() {
            println!("No staff yet.");
        }
        for email in emails {
            println!("{email}");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plausible_emails_reach_the_filter() {
        assert_eq!(checked_email("  ayesha@example.com "), Ok("ayesha@example.com"));
        for bad in ["", "ayesha", "@example.com", "ayesha@", "a\"b@example.com", "a\\b@example.com", "a b@example.com"]
        {
            assert!(checked_email(bad).is_err(), "{bad:?}");
        }
    }
}
