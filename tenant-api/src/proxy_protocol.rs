//! The PROXY protocol, version 2 (HAProxy's specification:
//! <https://www.haproxy.org/download/2.9/doc/proxy-protocol.txt>, section 2.2). A load balancer
//! that passes TLS through to the edges (HAProxy `send-proxy-v2`, `infra/deploy/haproxy.cfg`)
//! sends the client's address in a binary header before the connection's first byte. With
//! `HTTPS_PROXY_PROTOCOL=true` the HTTPS listener reads it, so the per-address sign-in limits and
//! the logs see the client, not the balancer. Only the balancer can reach such a listener: a
//! connection without the header is closed.

use std::io;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use tokio::io::{AsyncRead, AsyncReadExt};

const SIGNATURE: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";
/// Addresses and a few TLVs; anything longer is not a header we would send ourselves.
const MAX_LENGTH: usize = 1024;

/// Reads the header. Answers the client's address, or `None` when the header names none (the
/// balancer's own connections, `LOCAL`, or an address family without one): the peer then stands.
pub async fn read_header<R: AsyncRead + Unpin>(stream: &mut R) -> io::Result<Option<SocketAddr>> {
    let mut head = [0u8; 16];
    stream.read_exact(&mut head).await?;
    if head[..12] != SIGNATURE || head[12] >> 4 != 2 {
        return Err(invalid("not a PROXY protocol v2 header"));
    }
    let length = usize::from(u16::from_be_bytes([head[14], head[15]]));
    if length > MAX_LENGTH {
        return Err(invalid("PROXY header too long"));
    }
    let mut rest = vec![0; length];
    stream.read_exact(&mut rest).await?;
    let port = |at: usize| u16::from_be_bytes([rest[at], rest[at + 1]]);
    match (head[12] & 0x0f, head[13] >> 4) {
        // LOCAL: the balancer speaking for itself.
        (0x0, _) => Ok(None),
        // PROXY over IPv4: source, destination, source port, destination port.
        (0x1, 0x1) if length >= 12 => {
            let ip: [u8; 4] = rest[0..4].try_into().expect("four bytes");
            Ok(Some(SocketAddr::from((Ipv4Addr::from(ip), port(8)))))
        }
        (0x1, 0x2) if length >= 36 => {
            let ip: [u8; 16] = rest[0..16].try_into().expect("sixteen bytes");
            Ok(Some(SocketAddr::from((Ipv6Addr::from(ip), port(32)))))
        }
        // UNSPEC or a UNIX socket: no client address to take.
        (0x1, 0x0 | 0x3) => Ok(None),
        _ => Err(invalid("malformed PROXY header")),
    }
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(command: u8, family: u8, body: &[u8]) -> Vec<u8> {
        let mut h = SIGNATURE.to_vec();
        h.extend([0x20 | command, family]);
        h.extend((body.len() as u16).to_be_bytes());
        h.extend(body);
        h.extend(b"\x16\x03\x01"); // the TLS hello that follows stays unread
        h
    }

    #[tokio::test]
    async fn reads_the_clients_address_and_nothing_more() {
        let v4 = header(1, 0x11, &[203, 0, 113, 7, 10, 0, 0, 11, 0xd4, 0x31, 0x01, 0xbb]);
        let mut stream = &v4[..];
        assert_eq!(read_header(&mut stream).await.unwrap(), Some("203.0.113.7:54321".parse().unwrap()));
        assert_eq!(stream, b"\x16\x03\x01");

        let mut body = Vec::new();
        body.extend("2001:db8::1".parse::<Ipv6Addr>().unwrap().octets());
        body.extend(Ipv6Addr::LOCALHOST.octets());
        body.extend([0x00, 0x50, 0x01, 0xbb]);
        body.extend([0x04, 0x00, 0x01, 0x00]); // a TLV (NOOP) after the addresses
        assert_eq!(read_header(&mut &header(1, 0x21, &body)[..]).await.unwrap(), Some("[2001:db8::1]:80".parse().unwrap()));

        assert_eq!(read_header(&mut &header(0, 0x00, &[])[..]).await.unwrap(), None, "LOCAL");
        assert_eq!(read_header(&mut &header(1, 0x00, &[])[..]).await.unwrap(), None, "UNSPEC");
    }

    #[tokio::test]
    async fn refuses_anything_else() {
        for bad in [
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\x00\x00\x00\x00\x00".to_vec(), // a TLS hello
            b"PROXY TCP4 203.0.113.7 10.0.0.11 54321 443\r\n".to_vec(),                 // version 1
            header(1, 0x11, &[203, 0, 113]),                                               // too short
            header(5, 0x11, &[0; 12]),                                                     // unknown command
        ] {
            assert!(read_header(&mut &bad[..]).await.is_err(), "{bad:?}");
        }
        let mut long = SIGNATURE.to_vec();
        long.extend([0x21, 0x11, 0xff, 0xff]);
        assert!(read_header(&mut &long[..]).await.is_err());
    }
}
