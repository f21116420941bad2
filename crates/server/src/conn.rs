//! Accepting connections: our own accept loop over hyper's HTTP/1.1
//! server, so that no connection is held for free.
//!
//! - Each open connection holds a place (a [`Slot`]) counted per client
//!   address (an IPv6 address by its /64) and in all; a connection over
//!   either limit is answered `429` (or `503` over the total) and closed.
//!   A WebSocket keeps its connection's place for as long as it lives
//!   (the upgrade handler takes a share of it, [`ConnSlot`]). A trusted
//!   proxy's connections count in all only; each request it forwards
//!   holds a place for its client's address instead (`door.rs`).
//! - A connection must send a whole request head within the header
//!   timeout, whether it is new, between two requests of a kept-alive
//!   connection, or half-way through its headers; otherwise it is closed.
//!   (`axum::serve` does not expose hyper's timeouts, hence this loop.)

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::error::{Error, Held};
// where the handlers find it (it lives with the slots, below the door)
pub use crate::limit::ConnSlot;
use crate::limit::{InFlight, Over};
use crate::proxy::TrustedProxies;

/// At most this many refused connections are answered at once; beyond, a
/// refused connection is closed without an answer (a flood of them must
/// not hold the server's file descriptors).
const ANSWERED_REFUSALS: usize = 256;

/// Answers a connection over the limits in a few bytes and closes it.
async fn refuse(mut stream: TcpStream, over: Over) {
    // the HTTP errors' own codes and body (in English: no request was read)
    let error = match over {
        Over::Address(n) => Error::TooManyRequests { held: Held::Connections(n) },
        Over::Total(n) => Error::ServerBusy { connections: n },
    };
    let status = error.status();
    let status = format!("{} {}", status.as_str(), status.canonical_reason().unwrap_or(""));
    let body = error.http_body(tash_kalar_i18n::Lang::En).to_string();
    let answer = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
        // read what the client sent, so that closing does not reset the
        // connection before it reads the answer
        let mut sink = [0u8; 4096];
        let mut total = 0;
        while let Ok(n) = stream.read(&mut sink).await {
            total += n;
            if n == 0 || total > 64 * 1024 {
                break;
            }
        }
    })
    .await;
}

/// Serves `router` on `listener` until `shutdown` completes; connections
/// under way are then dropped with the runtime.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    conns: Arc<InFlight>,
    trusted: Arc<TrustedProxies>,
    header_timeout: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    tokio::pin!(shutdown);
    let refusing = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // out of file descriptors, or a connection reset while
                    // queued: wait a little rather than spin
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => return Ok(()),
        };
        // a trusted proxy's connections count in the total only: each of
        // its requests counts against its client's address at the door
        let taken = if trusted.contains(peer.ip()) { conns.acquire_in_total() } else { conns.acquire(peer.ip()) };
        let slot = match taken {
            Ok(slot) => Arc::new(slot),
            Err(over) => {
                tracing::debug!(peer = %peer.ip(), ?over, "connection refused");
                use std::sync::atomic::Ordering::SeqCst;
                if refusing.fetch_add(1, SeqCst) < ANSWERED_REFUSALS {
                    let refusing = refusing.clone();
                    tokio::spawn(async move {
                        refuse(stream, over).await;
                        refusing.fetch_sub(1, SeqCst);
                    });
                } else {
                    refusing.fetch_sub(1, SeqCst);
                    drop(stream);
                }
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(ConnSlot::connection(slot.clone()));
                router.clone().oneshot(req)
            });
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
            if let Err(e) = served {
                tracing::debug!(peer = %peer, error = %e, "connection ended");
            }
        });
    }
}
