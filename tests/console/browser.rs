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

/// A seeded session saving into `folder`, listing no boxes after a game.
fn seeded_session(folder: &std::path::Path) -> Tutor {
    Tutor::new(Settings {
        seed: 3,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: folder.to_path_buf(),
        ..Settings::default()
    })
}

#[test]
#[ignore = "needs Debian's chromium: run by .ci/run with --ignored"]
fn a_browser_reads_the_exported_page_and_the_chart() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = seeded_session(folder.path());
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

/// How many pages Chromium prints `html` on, on paper of `size` (`A4`, `Letter`).
fn printed_pages(html: &std::path::Path, size: &str, folder: &std::path::Path) -> usize {
    let page = std::fs::read_to_string(html).unwrap();
    let sized = folder.join(format!("labels-{size}.html"));
    std::fs::write(
        &sized,
        page.replacen("<style>", &format!("<style>@page{{size:{size}}}"), 1),
    )
    .unwrap();
    let pdf = folder.join(format!("labels-{size}.pdf"));
    let profile = tempfile::tempdir().unwrap();
    let status = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", sized.display()))
        .output()
        .unwrap();
    assert!(status.status.success());
    let bytes = std::fs::read(&pdf).unwrap();
    // Each page object is "/Type /Page" (the page tree is "/Type /Pages").
    bytes
        .windows(11)
        .enumerate()
        .filter(|(at, window)| {
            (window == b"/Type /Page" || window == b"/Type/Page\0")
                && bytes.get(at + 11) != Some(&b's')
        })
        .count()
}

#[test]
#[ignore = "needs Debian's chromium: run by .ci/run with --ignored"]
fn the_labels_print_on_a4_and_letter_one_sheet_a_page_and_no_label_cut() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = seeded_session(folder.path());
    respond(&mut session, "preset michie");
    let written = respond(&mut session, "export labels labels.html counts");
    assert!(written.contains("304 labels on 6 sheets"), "{written}");
    let labels = folder.path().join("labels.html");
    for size in ["A4", "Letter"] {
        assert_eq!(printed_pages(&labels, size, folder.path()), 6, "{size}");
    }
    // Laid out by the browser: every label lies wholly inside its sheet, and a sheet is
    // no bigger than the printable part of A4 or Letter with 10 mm margins.
    let host = folder.path().join("measured.html");
    let page = std::fs::read_to_string(&labels).unwrap();
    std::fs::write(
        &host,
        page.replacen(
            "</body>",
            "<script>const mm = 96 / 25.4; let cut = 0, labels = 0, big = 0;\
             for (const sheet of document.querySelectorAll('.sheet')) {\
               const s = sheet.getBoundingClientRect();\
               if (s.width > 190 * mm + 1 || s.height > 259 * mm + 1) big++;\
               for (const label of sheet.querySelectorAll('.label')) {\
                 labels++; const l = label.getBoundingClientRect();\
                 if (l.left < s.left || l.right > s.right || l.top < s.top || l.bottom > s.bottom) cut++;\
               }\
             }\
             document.body.setAttribute('data-measured', labels + ' labels, ' + cut + ' cut, ' + big + ' big');</script></body>",
            1,
        ),
    )
    .unwrap();
    let profile = tempfile::tempdir().unwrap();
    let shown = dump_dom(&format!("file://{}", host.display()), profile.path());
    assert!(
        shown.contains("data-measured=\"304 labels, 0 cut, 0 big\""),
        "{}",
        &shown[..shown.len().min(400)]
    );
}
