//! A temporary PostgreSQL cluster for tests: `initdb` into a temporary
//! directory, `postgres` listening on a unix socket in that directory only
//! (no TCP port to collide with another test or another engineer), stopped
//! and deleted when the [`TempPostgres`] is dropped.
//!
//! PostgreSQL refuses to run as root, and CI runs as root: there the
//! directory is handed to the `postgres` account (made by Debian's package;
//! else `nobody`) and the server programs run as it through `runuser`.
//! The tests connect over the socket as the cluster's superuser `tash`
//! with `trust` authentication, which only this machine's users can reach.
//!
//! The programs are found in `TASH_KALAR_PG_BIN` if set, else on `PATH`,
//! else in Debian's `/usr/lib/postgresql/<version>/bin` (the newest).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The superuser the tests connect as.
pub const USER: &str = "tash";

/// Why a cluster could not be had.
#[derive(Debug)]
pub enum PgError {
    /// No `initdb` was found: PostgreSQL is not installed.
    NotInstalled,
    /// A program failed; its name and what it printed.
    Failed {
        program: String,
        output: String,
    },
    Io(std::io::Error),
}

impl std::fmt::Display for PgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PgError::NotInstalled => write!(
                f,
                "PostgreSQL is not installed (no initdb on PATH nor in /usr/lib/postgresql/*/bin; \
                 `apt-get install postgresql`, or set TASH_KALAR_PG_BIN to its bin directory)"
            ),
            PgError::Failed { program, output } => write!(f, "{program} failed: {output}"),
            PgError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PgError {}

impl From<std::io::Error> for PgError {
    fn from(e: std::io::Error) -> PgError {
        PgError::Io(e)
    }
}

/// A running temporary cluster; dropping it stops the server and deletes
/// its files.
pub struct TempPostgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// The account the server runs as when we are root.
    run_as: Option<String>,
}

/// The directory holding `initdb`, `pg_ctl` and `postgres`.
fn bin_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TASH_KALAR_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    if let Some(path) = std::env::var_os("PATH") {
        if let Some(dir) = std::env::split_paths(&path).find(|d| d.join("initdb").is_file()) {
            // a symbolic link (as /usr/local/bin's may be) leads to the
            // directory that holds `postgres` too
            let real = std::fs::canonicalize(dir.join("initdb")).ok()?;
            return real.parent().map(Path::to_path_buf);
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, bin)| bin.join("initdb").is_file())
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// An account to run PostgreSQL as when we are root.
fn unprivileged_account() -> String {
    let has = |name: &str| Command::new("id").arg("-u").arg(name).output().map(|o| o.status.success()).unwrap_or(false);
    if has("postgres") { "postgres" } else { "nobody" }.to_string()
}

fn checked(program: &str, out: Output) -> Result<(), PgError> {
    if out.status.success() {
        return Ok(());
    }
    let mut output = String::from_utf8_lossy(&out.stdout).into_owned();
    output.push_str(&String::from_utf8_lossy(&out.stderr));
    Err(PgError::Failed { program: program.to_string(), output })
}

impl TempPostgres {
    /// Makes and starts a new cluster (about a second).
    pub fn start() -> Result<TempPostgres, PgError> {
        let bin = bin_dir().ok_or(PgError::NotInstalled)?;
        let run_as = is_root().then(unprivileged_account);
        // the account must reach the directory: under root, /tmp rather
        // than a TMPDIR that may sit in root's home
        let parent = if run_as.is_some() { PathBuf::from("/tmp") } else { std::env::temp_dir() };
        let dir = tempfile::Builder::new().prefix("tk-pg-").tempdir_in(parent)?;
        if let Some(user) = &run_as {
            checked("chown", Command::new("chown").arg(user).arg(dir.path()).output()?)?;
        }
        let pg = TempPostgres { dir, bin, run_as };
        let data = pg.data();
        pg.run(
            "initdb",
            [
                OsStr::new("-D"),
                data.as_os_str(),
                OsStr::new("-U"),
                OsStr::new(USER),
                OsStr::new("-A"),
                OsStr::new("trust"),
                OsStr::new("-E"),
                OsStr::new("UTF8"),
                OsStr::new("--locale=C"),
                // a test's data need not survive a power cut
                OsStr::new("--no-sync"),
            ],
        )?;
        let socket = pg.socket_dir().display().to_string();
        // no TCP, no disk syncs, little memory: tests start several at once
        let options =
            format!("-k {socket} -c listen_addresses= -c fsync=off -c max_connections=100 -c shared_buffers=16MB");
        let log = pg.dir.path().join("log");
        pg.run(
            "pg_ctl",
            [
                OsStr::new("-D"),
                data.as_os_str(),
                OsStr::new("-l"),
                log.as_os_str(),
                OsStr::new("-o"),
                OsStr::new(&options),
                OsStr::new("-w"),
                OsStr::new("start"),
            ],
        )
        .map_err(|e| match e {
            PgError::Failed { program, mut output } => {
                output.push_str(&std::fs::read_to_string(&log).unwrap_or_default());
                PgError::Failed { program, output }
            }
            e => e,
        })?;
        Ok(pg)
    }

    /// [`TempPostgres::start`] for a test: `None` (said on stderr) where
    /// PostgreSQL is not installed, unless under CI (`CI` set), where a
    /// missing PostgreSQL fails the test rather than skipping it unseen.
    pub fn for_tests() -> Option<TempPostgres> {
        match TempPostgres::start() {
            Err(PgError::NotInstalled) if std::env::var_os("CI").is_none() => {
                eprintln!("skipped: {}", PgError::NotInstalled);
                None
            }
            Err(e) => panic!("cannot start a temporary PostgreSQL: {e}"),
            Ok(pg) => Some(pg),
        }
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The directory of the server's socket (a libpq `host`).
    pub fn socket_dir(&self) -> &Path {
        self.dir.path()
    }

    /// A connection string (key=value form) for database `db`.
    pub fn url(&self, db: &str) -> String {
        format!("host={} user={USER} dbname={db}", self.socket_dir().display())
    }

    /// Makes a new empty database and gives its connection string: each
    /// test case its own, on one cluster.
    pub fn database(&self, name: &str) -> Result<String, PgError> {
        let socket = self.socket_dir().as_os_str();
        self.run("createdb", [OsStr::new("-h"), socket, OsStr::new("-U"), OsStr::new(USER), OsStr::new(name)])?;
        Ok(self.url(name))
    }

    /// Runs one SQL statement with `psql` on database `db` and gives what
    /// it printed, unaligned and without headers (`-At`: one row a line,
    /// columns split by `|`): for tests that look at rows the server wrote
    /// (a game's lease holder, a bot job's worker).
    pub fn psql(&self, db: &str, sql: &str) -> Result<String, PgError> {
        let out = Command::new(self.bin.join("psql"))
            .arg("-h")
            .arg(self.socket_dir())
            .args(["-U", USER, "-d", db, "-At", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .output()?;
        let text = String::from_utf8_lossy(&out.stdout).trim_end().to_string();
        checked("psql", out)?;
        Ok(text)
    }

    /// Runs one of the cluster's programs, as the unprivileged account
    /// when we are root.
    fn run<I, S>(&self, program: &str, args: I) -> Result<(), PgError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let path = self.bin.join(program);
        let mut cmd = match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.arg("-u").arg(user).arg("--").arg(&path);
                c
            }
            None => Command::new(&path),
        };
        cmd.args(args).current_dir(self.dir.path());
        checked(program, cmd.output()?)
    }
}

impl Drop for TempPostgres {
    fn drop(&mut self) {
        let data = self.data();
        // immediate: nothing in a test cluster needs a clean shutdown
        let stopped = self.run(
            "pg_ctl",
            [
                OsStr::new("-D"),
                data.as_os_str(),
                OsStr::new("-m"),
                OsStr::new("immediate"),
                OsStr::new("-w"),
                OsStr::new("stop"),
            ],
        );
        if let Err(e) = stopped {
            eprintln!("stopping the temporary PostgreSQL: {e}");
        }
        // the TempDir removes the files (as root, or as their owner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_starts_makes_databases_and_is_gone_when_dropped() {
        let Some(pg) = TempPostgres::for_tests() else { return };
        let dir = pg.socket_dir().to_path_buf();
        assert!(dir.join(".s.PGSQL.5432").exists(), "the socket is in the cluster's directory");
        let url = pg.database("one").unwrap();
        assert!(url.contains("dbname=one"));
        assert!(pg.database("one").is_err(), "a second database of the same name is refused");
        assert_eq!(pg.psql("one", "SELECT 1 + 1, 'a'").unwrap(), "2|a");
        assert!(pg.psql("one", "SELECT nothing FROM nowhere").is_err());
        drop(pg);
        assert!(!dir.exists());
    }
}
