//! Each endpoint is a binary under src/bin.
