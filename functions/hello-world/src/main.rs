//! Hello world on `lambda_http`: 200 "hello" to every request. The baseline of
//! `make bench-lambdas` (whatever a real function spends starting beyond this is its own).

use lambda_http::{service_fn, Body, Error, Request, Response};
use std::convert::Infallible;

#[tokio::main]
async fn main() -> Result<(), Error> {
    // `Response::new` answers 200 OK.
    lambda_http::run(service_fn(|_: Request| async { Ok::<_, Infallible>(Response::new(Body::from("hello"))) })).await
}
