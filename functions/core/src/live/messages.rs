//! The mail live classes send: a session cancelled, moved or added (to each affected student,
//! once per change), and the reminder an hour before.
