//! Everyday targets (issue 13, item 2): durations, addresses, non-zero
//! integers, characters, pointers, `Cow`, and (feature `url`) URLs. Each
//! declares its HCL type, converts by the core's rules first, and reports
//! a bad value at the value's range with the form expected.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI8, NonZeroI64, NonZeroU8, NonZeroU16, NonZeroUsize};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use hcl_decode::{FromValue, HclBody, Pos, Range, Type, Value, decode_value};

fn at() -> Range {
    Range::at("v.hcl", Pos::start())
}

fn ok<T: FromValue>(v: Value) -> T {
    match decode_value::<T>(&v, &at()) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

fn err<T: FromValue + std::fmt::Debug>(v: Value) -> String {
    match decode_value::<T>(&v, &at()) {
        Ok(t) => panic!("decoded {t:?}"),
        Err(e) => e.to_string(),
    }
}

const DURATION_FORM: &str = "a duration is a sequence of numbers, each with a unit, such as \"1h30m\", \"250ms\" or \"1.5h\" (units: \"ns\", \"us\", \"ms\", \"s\", \"m\", \"h\")";

#[test]
fn declared_types() {
    assert_eq!(Duration::hcl_type(), Type::String);
    assert_eq!(IpAddr::hcl_type(), Type::String);
    assert_eq!(SocketAddr::hcl_type(), Type::String);
    assert_eq!(char::hcl_type(), Type::String);
    assert_eq!(<Cow<'static, str>>::hcl_type(), Type::String);
    assert_eq!(NonZeroU16::hcl_type(), Type::Number);
    assert_eq!(<Arc<Vec<u8>>>::hcl_type(), Type::list(Type::Number));
    assert_eq!(<Rc<bool>>::hcl_type(), Type::Bool);
}

#[test]
fn durations() {
    assert_eq!(
        ok::<Duration>(Value::string("1h30m")),
        Duration::from_secs(5400)
    );
    assert_eq!(
        ok::<Duration>(Value::string("250ms")),
        Duration::from_millis(250)
    );
    assert_eq!(
        ok::<Duration>(Value::string("1.5h")),
        Duration::from_secs(5400)
    );
    assert_eq!(
        ok::<Duration>(Value::string("300us")),
        Duration::from_micros(300)
    );
    assert_eq!(
        ok::<Duration>(Value::string("300µs")),
        Duration::from_micros(300)
    );
    assert_eq!(ok::<Duration>(Value::string("0")), Duration::ZERO);
    assert_eq!(ok::<Duration>(Value::number(0)), Duration::ZERO);
    // A bare number is not a duration (after conversion to a string).
    assert_eq!(
        err::<Duration>(Value::number(90)),
        format!("time: missing unit in duration \"90\"; {DURATION_FORM}")
    );
    assert_eq!(
        err::<Duration>(Value::string("-5s")),
        format!("a duration cannot be negative, not \"-5s\"; {DURATION_FORM}")
    );
    assert_eq!(
        err::<Duration>(Value::string("2d")),
        format!("time: unknown unit \"d\" in duration \"2d\"; {DURATION_FORM}")
    );
    assert_eq!(
        err::<Duration>(Value::bool(true)).split(';').next(),
        Some("time: invalid duration \"true\"")
    );
    assert_eq!(err::<Duration>(Value::tuple([])), "string required");
    assert_eq!(
        err::<Duration>(Value::null(Type::String)),
        "a null value is not allowed here"
    );
    assert_eq!(ok::<Option<Duration>>(Value::null(Type::String)), None);
}

#[test]
fn addresses() {
    assert_eq!(
        ok::<IpAddr>(Value::string("10.0.0.1")),
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1))
    );
    assert_eq!(
        ok::<IpAddr>(Value::string("::1")),
        IpAddr::V6(Ipv6Addr::LOCALHOST)
    );
    assert_eq!(
        ok::<Ipv4Addr>(Value::string("127.0.0.1")),
        Ipv4Addr::LOCALHOST
    );
    assert_eq!(ok::<Ipv6Addr>(Value::string("::")), Ipv6Addr::UNSPECIFIED);
    assert_eq!(
        ok::<SocketAddr>(Value::string("127.0.0.1:8080")),
        SocketAddr::from(([127, 0, 0, 1], 8080))
    );
    assert_eq!(ok::<SocketAddr>(Value::string("[::1]:53")).port(), 53);
    assert_eq!(ok::<SocketAddrV4>(Value::string("0.0.0.0:1")).port(), 1);
    assert_eq!(ok::<SocketAddrV6>(Value::string("[::]:2")).port(), 2);

    assert_eq!(
        err::<IpAddr>(Value::string("300.1.1.1")),
        "\"300.1.1.1\" is not an IP address; an IPv4 address such as \"10.0.0.1\" or an IPv6 address such as \"fe80::1\" is expected"
    );
    assert_eq!(
        err::<Ipv4Addr>(Value::string("::1")),
        "\"::1\" is not an IPv4 address; four numbers from 0 to 255 separated by dots, such as \"10.0.0.1\", are expected"
    );
    assert_eq!(
        err::<Ipv6Addr>(Value::string("10.0.0.1")),
        "\"10.0.0.1\" is not an IPv6 address; an address such as \"fe80::1\" or \"2001:db8::8a2e:370:7334\" is expected"
    );
    assert_eq!(
        err::<SocketAddr>(Value::string("localhost:80")),
        "\"localhost:80\" is not a socket address; an IP address and a port, such as \"127.0.0.1:8080\" or \"[::1]:8080\", are expected"
    );
    assert!(
        err::<SocketAddrV4>(Value::string("[::1]:80"))
            .starts_with("\"[::1]:80\" is not an IPv4 socket address")
    );
    assert!(
        err::<SocketAddrV6>(Value::string("1.2.3.4:80"))
            .starts_with("\"1.2.3.4:80\" is not an IPv6 socket address")
    );
}

#[test]
fn non_zero_integers() {
    assert_eq!(ok::<NonZeroU8>(Value::number(5)).get(), 5);
    assert_eq!(ok::<NonZeroU16>(Value::string("8080")).get(), 8080);
    assert_eq!(ok::<NonZeroI8>(Value::number(-3)).get(), -3);
    assert_eq!(ok::<NonZeroUsize>(Value::number(1)).get(), 1);
    assert_eq!(
        err::<NonZeroU8>(Value::number(0)),
        "value must be a whole number, between 1 and 255 inclusive"
    );
    assert_eq!(
        err::<NonZeroU8>(Value::number(256)),
        "value must be a whole number, between 1 and 255 inclusive"
    );
    assert_eq!(
        err::<NonZeroI8>(Value::number(0)),
        "value must be a whole number other than 0, between -128 and 127 inclusive"
    );
    assert_eq!(
        err::<NonZeroI64>(Value::string("1.5")),
        "value must be a whole number other than 0, between -9223372036854775808 and 9223372036854775807 inclusive"
    );
    assert_eq!(err::<NonZeroU8>(Value::string("x")), "a number is required");
    assert_eq!(
        err::<NonZeroU8>(Value::null(Type::Number)),
        "a null value is not allowed here"
    );
    assert_eq!(
        err::<NonZeroU8>(Value::unknown(Type::Number)),
        "the value is not known yet"
    );
}

#[test]
fn characters() {
    assert_eq!(ok::<char>(Value::string("x")), 'x');
    assert_eq!(ok::<char>(Value::string("é")), 'é');
    // "e" and a combining acute accent: one character after NFC.
    assert_eq!(ok::<char>(Value::string("e\u{301}")), 'é');
    assert_eq!(ok::<char>(Value::number(7)), '7');
    assert_eq!(
        err::<char>(Value::string("ab")),
        "a single character is required, such as \"x\", not \"ab\""
    );
    assert_eq!(
        err::<char>(Value::string("")),
        "a single character is required, such as \"x\", not \"\""
    );
}

#[test]
fn pointers_and_cow() {
    assert_eq!(*ok::<Box<u8>>(Value::number(1)), 1);
    assert_eq!(*ok::<Arc<u8>>(Value::number(2)), 2);
    assert_eq!(*ok::<Rc<String>>(Value::string("r")), "r");
    assert_eq!(&*ok::<Rc<str>>(Value::string("s")), "s");
    assert_eq!(
        ok::<Arc<Vec<Duration>>>(Value::tuple([Value::string("1s"), Value::string("2m")])),
        Arc::new(vec![Duration::from_secs(1), Duration::from_secs(120)])
    );
    let cow = ok::<Cow<'static, str>>(Value::string("c"));
    assert!(matches!(cow, Cow::Owned(ref s) if s == "c"));
    assert_eq!(
        err::<Arc<u8>>(Value::number(300)),
        "value must be a whole number, between 0 and 255 inclusive"
    );
    // A path inside the value is kept through a pointer.
    assert_eq!(
        err::<Rc<Vec<Duration>>>(Value::tuple([Value::string("1s"), Value::string("x")])),
        format!("[1]: time: invalid duration \"x\"; {DURATION_FORM}")
    );
}

#[cfg(feature = "url")]
#[test]
fn urls() {
    let u = ok::<url::Url>(Value::string("https://example.com/a?b=1"));
    assert_eq!(u.host_str(), Some("example.com"));
    assert_eq!(
        err::<url::Url>(Value::string("/relative")),
        "\"/relative\" is not a URL (relative URL without a base); an absolute URL such as \"https://example.com/path\" is expected"
    );
}

#[derive(HclBody, Debug)]
struct Service {
    timeout: Duration,
    bind: SocketAddr,
    #[hcl(optional)]
    address: Option<IpAddr>,
    #[hcl(default = NonZeroU16::MIN)]
    workers: NonZeroU16,
    #[hcl(optional)]
    separator: Option<char>,
    #[hcl(optional)]
    name: Option<Cow<'static, str>>,
    #[hcl(optional)]
    tags: Option<Arc<Vec<String>>>,
}

#[test]
fn fields_of_a_derived_struct() {
    let src = "timeout = \"1m30s\"\nbind = \"0.0.0.0:8080\"\naddress = \"fe80::1\"\nworkers = 4\nseparator = \",\"\nname = \"api\"\ntags = [\"a\"]\n";
    let s: Service = hcl_decode::from_str(src, "svc.hcl").unwrap();
    assert_eq!(s.timeout, Duration::from_secs(90));
    assert_eq!(s.bind.port(), 8080);
    assert_eq!(s.address, Some("fe80::1".parse().unwrap()));
    assert_eq!(s.workers.get(), 4);
    assert_eq!(s.separator, Some(','));
    assert_eq!(s.name.as_deref(), Some("api"));
    assert_eq!(s.tags.as_deref(), Some(&vec!["a".to_owned()]));

    let s: Service =
        hcl_decode::from_str("timeout = \"0\"\nbind = \"[::1]:9\"\n", "svc.hcl").unwrap();
    assert_eq!((s.timeout, s.workers.get()), (Duration::ZERO, 1));
}

#[test]
fn bad_values_are_reported_at_the_value_in_one_pass() {
    let src = "timeout = 90\nbind = \"localhost:80\"\naddress = \"1.2.3\"\nworkers = 0\nseparator = \"ab\"\n";
    let err = hcl_decode::from_str::<Service>(src, "svc.hcl").unwrap_err();
    let lines: Vec<String> = err.diagnostics().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            format!(
                "svc.hcl:1,11-13: Invalid attribute value; Inappropriate value for attribute \"timeout\": time: missing unit in duration \"90\"; {DURATION_FORM}."
            ),
            "svc.hcl:2,8-22: Invalid attribute value; Inappropriate value for attribute \"bind\": \"localhost:80\" is not a socket address; an IP address and a port, such as \"127.0.0.1:8080\" or \"[::1]:8080\", are expected.".to_owned(),
            "svc.hcl:3,11-18: Invalid attribute value; Inappropriate value for attribute \"address\": \"1.2.3\" is not an IP address; an IPv4 address such as \"10.0.0.1\" or an IPv6 address such as \"fe80::1\" is expected.".to_owned(),
            "svc.hcl:4,11-12: Invalid attribute value; Inappropriate value for attribute \"workers\": value must be a whole number, between 1 and 65535 inclusive.".to_owned(),
            "svc.hcl:5,13-17: Invalid attribute value; Inappropriate value for attribute \"separator\": a single character is required, such as \"x\", not \"ab\".".to_owned(),
        ]
    );
    // The rendered form marks the value.
    assert!(
        err.to_string()
            .contains("   1: timeout = 90\n                ^^\n")
    );
}

#[test]
fn an_element_at_fault_is_marked_in_a_literal_list() {
    #[derive(HclBody, Debug)]
    #[allow(dead_code)]
    struct Retry {
        backoff: Vec<Duration>,
    }
    let err = hcl_decode::from_str::<Retry>("backoff = [\"1s\", \"2x\"]\n", "r.hcl").unwrap_err();
    let d = err.diagnostics().iter().next().unwrap();
    assert_eq!(d.subject.as_ref().unwrap().to_string(), "r.hcl:1,18-22");
    assert_eq!(
        d.detail,
        format!(
            "Inappropriate value for attribute \"backoff\": [1]: time: unknown unit \"x\" in duration \"2x\"; {DURATION_FORM}."
        )
    );
}
