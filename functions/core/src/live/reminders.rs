//! The reminder an hour before each session, scheduled per session and sequence through the demo
//! class's scheduler; when due it is sent only if the session still stands at that sequence.
