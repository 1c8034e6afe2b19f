//! The exported page and the chart, opened by a real browser: Debian's Chromium, headless
//! (`.ci/run` installs it). The browser's own parse of the page must hold every box as a
//! board, and the chart must load as an image with its size. Ignored in the default run,
//! since it needs the browser; CI runs it with `--ignored`.

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::repl::respond;
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// The DOM as Chromium built it from `url`, after scripts (there are none) and layout.
fn dump_dom(url: &str, profile: &std::path::Path) -> String {
    let output = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(url)
        .output()
        .unwrap_or_else(|error| {
            panic!("{CHROMIUM} could not start ({error}); .ci/run installs it")
        });
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
#[ignore = "needs Debian's chromium: run by .ci/run with --ignored"]
fn a_browser_reads_the_exported_page_and_the_chart() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(Settings {
        seed: 3,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: folder.path().to_path_buf(),
        ..Settings::default()
    });
    respond(&mut session, "train 500 vs random plot curve.svg");
    let exported = respond(&mut session, "export boxes.html");
    assert!(exported.contains("Wrote 304 boxes"), "{exported}");
    let profile = tempfile::tempdir().unwrap();

    let page = dump_dom(
        &format!("file://{}", folder.path().join("boxes.html").display()),
        profile.path(),
    );
    assert_eq!(page.matches("<figure").count(), 304, "{page}");
    assert_eq!(page.matches("<table class=\"board\">").count(), 304);
    assert_eq!(page.matches("<td").count(), 304 * 9);
    assert!(page.contains("<svg"), "the learning curve is inline");
    assert!(page.contains("MENACE's 4th move: 183 boxes"));

    // The chart as an image: the browser loads it and knows its size.
    let host = folder.path().join("chart.html");
    std::fs::write(
        &host,
        "<!DOCTYPE html><html><body><img id=\"c\" src=\"curve.svg\" \
         onload=\"document.body.setAttribute('data-size', this.naturalWidth + 'x' + this.naturalHeight)\" \
         onerror=\"document.body.setAttribute('data-size', 'broken')\"></body></html>",
    )
    .unwrap();
    let shown = dump_dom(&format!("file://{}", host.display()), profile.path());
    assert!(shown.contains("data-size=\"800x560\""), "{shown}");
}
