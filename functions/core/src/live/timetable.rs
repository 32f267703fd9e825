//! A batch's weekly timetable turned into sessions: each slot's weekday and wall-clock start in
//! the timetable's IANA zone, on every date of the term (the batch's start date to its end
//! date), as a UTC instant; a clock change in that zone moves the instant, never the wall clock.
