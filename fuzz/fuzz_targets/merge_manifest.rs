//! A shard's manifest and rows as `merge` reads them: any bytes must give a manifest and
//! its rows or an error, never a panic nor an allocation sized by an edited number (the
//! shard count, `total`, the rows' count). The input is the manifest's JSON, a NUL byte,
//! then the rows file.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mansuba::verify::shard::manifest;

fuzz_target!(|data: &[u8]| {
    let cut = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (json, rows) = (&data[..cut], data.get(cut + 1..).unwrap_or(&[]));
    let dir = std::env::temp_dir().join(format!("mansuba-fuzz-merge-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("s.manifest.json");
    if std::fs::write(&path, json).is_err() {
        return;
    }
    let Ok(m) = manifest::read(&path) else {
        return;
    };
    // The rows file is the one the manifest names, kept inside the folder.
    let name = std::path::Path::new(&m.rows);
    if name.components().count() != 1 || name.file_name().is_none() {
        return;
    }
    if std::fs::write(dir.join(name), rows).is_ok() {
        let _ = manifest::read_rows(&path, &m);
    }
});
