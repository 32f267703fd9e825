//! One module per endpoint. A handler takes the narrowest things it needs and returns either a
//! response or an `ApiError`; it never knows which adapters sit behind them.

pub mod catalog;
pub mod chat;
pub mod geo;
pub mod health;
pub mod lecture;
pub mod me;
pub mod send_email;
pub mod videos;
