//! Links every Lambda binary, and the hello-world baseline (whose manifest points here), as a
//! position-dependent executable (`-no-pie`): the loader then has no relocations to apply and no
//! relocated pages to copy before `main`, which was a third of a large function's init
//! (docs/decisions/0038-position-dependent-lambdas.md). Only this package's binaries: not its
//! tests, not the other crates.
fn main() {
    println!("cargo:rustc-link-arg-bins=-no-pie");
}
