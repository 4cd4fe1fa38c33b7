//! The IP network functions, Terraform's: addresses and prefixes in CIDR
//! notation, IPv4 and IPv6, with host and subnet numbers of any size the
//! address space has room for.
//!
//! Prefixes are read as Terraform reads them (Go's `net.ParseCIDR` as of
//! Go 1.16, which accepts leading zeros in IPv4 octets); the host bits of
//! the given address are ignored. Addresses are written as Go writes them
//! (IPv6 in its shortest form).
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`cidrhost`] | `cidrhost(prefix, hostnum) → string` | the address of host number `hostnum` in the prefix (negative: from the end) |
//! | [`cidrnetmask`] | `cidrnetmask(prefix) → string` | the IPv4 prefix's netmask, dotted |
//! | [`cidrsubnet`] | `cidrsubnet(prefix, newbits, netnum) → string` | subnet number `netnum` of the prefix extended by `newbits` bits |
//! | [`cidrsubnets`] | `cidrsubnets(prefix, newbits...) → list(string)` | consecutive subnets of the given extensions, packed |

use std::net::Ipv6Addr;

#[cfg(test)]
use hcl_core::Number;
use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::{Type, Value};
use num_bigint::BigInt;

use crate::args::str_arg;

/// The family's functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("cidrhost", cidrhost()),
        ("cidrnetmask", cidrnetmask()),
        ("cidrsubnet", cidrsubnet()),
        ("cidrsubnets", cidrsubnets()),
    ]
}

/// A network: its address (host bits cleared), prefix length and address
/// length (32 or 128).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Net {
    addr: u128,
    len: u32,
    bits: u32,
}

fn parse_ipv4(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut out = 0u32;
    for p in parts {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if n > 255 {
            return None;
        }
        out = out << 8 | n;
    }
    Some(out)
}

/// Go's `net.ParseCIDR` (as Terraform's `ipaddr` has it).
fn parse_cidr(s: &str) -> Result<Net, String> {
    let bad = || format!("invalid CIDR address: {s}");
    let (addr, len) = s.split_once('/').ok_or_else(bad)?;
    let (value, bits) = if let Some(v4) = parse_ipv4(addr) {
        (u128::from(v4), 32)
    } else if addr.contains(':') {
        let v6: Ipv6Addr = addr.parse().map_err(|_| bad())?;
        (u128::from(v6), 128)
    } else {
        return Err(bad());
    };
    if len.is_empty() || len.len() > 3 || !len.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let len: u32 = len.parse().map_err(|_| bad())?;
    if len > bits {
        return Err(bad());
    }
    Ok(Net {
        addr: value & mask(len, bits),
        len,
        bits,
    })
}

fn mask(len: u32, bits: u32) -> u128 {
    let all = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    if len == 0 { 0 } else { all & !(all >> len) }
}

/// An address as Go's `net.IP.String` writes it.
fn format_ip(addr: u128, bits: u32) -> String {
    if bits == 32 {
        let b = (addr as u32).to_be_bytes();
        return format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3]);
    }
    let v6 = Ipv6Addr::from(addr);
    if let Some(v4) = v6.to_ipv4_mapped() {
        return v4.to_string();
    }
    v6.to_string()
}

impl std::fmt::Display for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", format_ip(self.addr, self.bits), self.len)
    }
}

fn whole(args: &[Value], index: usize) -> Result<BigInt, FunctionError> {
    let n = args
        .get(index)
        .and_then(Value::as_number)
        .ok_or_else(|| FunctionError::argument(index, "a number is required"))?;
    n.to_bigint()
        .map_err(|_| FunctionError::argument(index, "value must be a whole number"))
}

fn small(args: &[Value], index: usize) -> Result<i64, FunctionError> {
    let n = whole(args, index)?;
    i64::try_from(&n).map_err(|_| {
        FunctionError::argument(
            index,
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        )
    })
}

/// `cidrhost(prefix, hostnum)`: the address of host number `hostnum`
/// within the prefix; a negative number counts back from the last address
/// (-1 is the last). A number beyond the prefix's size is an error ("prefix
/// of 24 does not accommodate a host numbered 256").
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"cidrhost("10.12.112.0/20", 16)"#), Value::string("10.12.112.16"));
/// assert_eq!(eval(r#"cidrhost("fd00:fd12:3456:7890:00a2::/72", 34)"#), Value::string("fd00:fd12:3456:7890::22"));
/// ```
pub fn cidrhost() -> Function {
    Function::builder()
        .description("Calculates a full host IP address within a given IP network address prefix.")
        .param(Parameter::new("prefix", Type::String))
        .param(Parameter::new("hostnum", Type::Number))
        .returns(Type::String)
        .build(|args, _| {
            let num = whole(args, 1)?;
            let net = parse_cidr(str_arg(args, 0)?)
                .map_err(|e| FunctionError::failed(format!("invalid CIDR expression: {e}")))?;
            let host_len = net.bits - net.len;
            let max: BigInt = (BigInt::from(1u8) << host_len) - 1;
            let (index, shown) = if num.sign() == num_bigint::Sign::Minus {
                let back: BigInt = -&num - 1;
                let shown: BigInt = &max - &back;
                (
                    if back > max {
                        None
                    } else {
                        Some(shown.clone())
                    },
                    shown,
                )
            } else {
                (
                    if num > max { None } else { Some(num.clone()) },
                    num.clone(),
                )
            };
            let Some(index) = index else {
                return Err(FunctionError::failed(format!(
                    "prefix of {} does not accommodate a host numbered {shown}",
                    net.len
                )));
            };
            let offset = u128::try_from(&index).unwrap_or(0);
            Ok(Value::string(format_ip(net.addr | offset, net.bits)))
        })
}

/// `cidrnetmask(prefix)`: the netmask of an IPv4 prefix, in dotted
/// notation. An IPv6 prefix is an error (IPv6 has no netmasks).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"cidrnetmask("172.16.0.0/12")"#), Value::string("255.240.0.0"));
/// ```
pub fn cidrnetmask() -> Function {
    Function::builder()
        .description(
            "Converts an IPv4 address prefix given in CIDR notation into a subnet mask address.",
        )
        .param(Parameter::new("prefix", Type::String))
        .returns(Type::String)
        .build(|args, _| {
            let text = str_arg(args, 0)?;
            let net = parse_cidr(text)
                .map_err(|e| FunctionError::failed(format!("invalid CIDR expression: {e}")))?;
            if net.bits != 32 {
                return Err(FunctionError::failed(format!(
                    "IPv6 addresses cannot have a netmask: {text}"
                )));
            }
            Ok(Value::string(format_ip(mask(net.len, 32), 32)))
        })
}

/// `cidrsubnet(prefix, newbits, netnum)`: the prefix extended by `newbits`
/// bits, the new bits set to `netnum`. Errors: an extension past the
/// address length, a number that does not fit in `newbits` bits.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"cidrsubnet("172.16.0.0/12", 4, 2)"#), Value::string("172.18.0.0/16"));
/// assert_eq!(eval(r#"cidrsubnet("fd00:fd12:3456:7890::/56", 16, 162)"#), Value::string("fd00:fd12:3456:7800:a200::/72"));
/// ```
pub fn cidrsubnet() -> Function {
    Function::builder()
        .description("Calculates a subnet address within a given IP network address prefix.")
        .param(Parameter::new("prefix", Type::String))
        .param(Parameter::new("newbits", Type::Number))
        .param(Parameter::new("netnum", Type::Number))
        .returns(Type::String)
        .build(|args, _| {
            let newbits = small(args, 1)?;
            let num = whole(args, 2)?;
            let net = parse_cidr(str_arg(args, 0)?)
                .map_err(|e| FunctionError::failed(format!("invalid CIDR expression: {e}")))?;
            let new_len = i64::from(net.len) + newbits;
            if newbits < 0 || new_len > i64::from(net.bits) {
                return Err(FunctionError::failed(format!(
                    "insufficient address space to extend prefix of {} by {newbits}",
                    net.len
                )));
            }
            let limit: BigInt = BigInt::from(1u8) << (newbits as u32);
            if num.sign() == num_bigint::Sign::Minus || num >= limit {
                return Err(FunctionError::failed(format!(
                    "prefix extension of {newbits} does not accommodate a subnet numbered {num}"
                )));
            }
            let new_len = new_len as u32;
            let n = u128::try_from(&num).unwrap_or(0);
            let shift = net.bits - new_len;
            let addr = net.addr | if shift >= 128 { 0 } else { n << shift };
            Ok(Value::string(
                Net {
                    addr,
                    len: new_len,
                    bits: net.bits,
                }
                .to_string(),
            ))
        })
}

/// `cidrsubnets(prefix, newbits...)`: consecutive subnets of the prefix,
/// one for each extension (1 to 32 bits), each placed at the first address
/// after the previous one that is aligned to its own size. An extension
/// that does not fit, or running out of space in the prefix, is an error
/// about that argument.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::pure().install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"cidrsubnets("10.1.0.0/16", 4, 4, 8, 4)"#),
///     Value::list(["10.1.0.0/20", "10.1.16.0/20", "10.1.32.0/24", "10.1.48.0/20"].map(Value::string)).unwrap()
/// );
/// ```
pub fn cidrsubnets() -> Function {
    Function::builder()
        .description("Calculates a sequence of consecutive subnet prefixes that may be of different prefix lengths under a common base prefix.")
        .param(Parameter::new("prefix", Type::String))
        .variadic(Parameter::new("newbits", Type::Number))
        .returns(Type::list(Type::String))
        .build(|args, _| {
            let net = parse_cidr(str_arg(args, 0)?).map_err(|e| {
                FunctionError::argument(0, format!("invalid CIDR expression: {e}"))
            })?;
            if args.len() == 1 {
                return Ok(Value::list_of(Type::String, [])?);
            }
            let mut out = Vec::with_capacity(args.len() - 1);
            // The next free address, relative to the network (None: the
            // prefix is used up).
            let size: u128 = if net.bits - net.len >= 128 {
                u128::MAX
            } else {
                (1u128 << (net.bits - net.len)) - 1
            };
            let mut next: Option<u128> = Some(0);
            let mut previous: Option<Net> = None;
            for i in 1..args.len() {
                let bits = small(args, i)?;
                if bits < 1 {
                    return Err(FunctionError::argument(i, "must extend prefix by at least one bit"));
                }
                if bits > 32 {
                    return Err(FunctionError::argument(i, "may not extend prefix by more than 32 bits"));
                }
                let length = i64::from(net.len) + bits;
                if length > i64::from(net.bits) {
                    let protocol = if net.bits == 32 { "IPv4" } else { "IPv6" };
                    return Err(FunctionError::argument(
                        i,
                        format!("would extend prefix to {length} bits, which is too long for an {protocol} address"),
                    ));
                }
                let length = length as u32;
                let block_bits = net.bits - length;
                let block: u128 = 1u128 << block_bits;
                let start = next.and_then(|n| {
                    let aligned = n.div_ceil(block).checked_mul(block)?;
                    (aligned <= size && size - aligned >= block - 1).then_some(aligned)
                });
                let Some(start) = start else {
                    let after = previous.unwrap_or(Net { addr: net.addr, len: length, bits: net.bits });
                    let after = if previous.is_some() {
                        after
                    } else {
                        // Go's PreviousSubnet of the base at this length.
                        Net { addr: net.addr.wrapping_sub(1) & mask(length, net.bits), len: length, bits: net.bits }
                    };
                    return Err(FunctionError::argument(
                        i,
                        format!(
                            "not enough remaining address space for a subnet with a prefix of {length} bits after {}",
                            after
                        ),
                    ));
                };
                let subnet = Net { addr: net.addr | start, len: length, bits: net.bits };
                out.push(Value::string(subnet.to_string()));
                previous = Some(subnet);
                next = start.checked_add(block);
            }
            Ok(Value::list_of(Type::String, out)?)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(f: Function, args: Vec<Value>) -> Result<String, String> {
        f.call(&args)
            .map(|v| match v.elements() {
                Some(e) => e
                    .iter()
                    .map(|x| x.as_str().unwrap_or_default().to_owned())
                    .collect::<Vec<_>>()
                    .join(" "),
                None => v.as_str().unwrap_or_default().to_owned(),
            })
            .map_err(|e| e.to_string())
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    fn n(x: i64) -> Value {
        Value::number(x)
    }

    #[test]
    fn terraform_cidrhost_examples() {
        assert_eq!(
            call(cidrhost(), vec![s("10.12.112.0/20"), n(16)])
                .as_deref()
                .map_err(String::as_str),
            Ok("10.12.112.16")
        );
        assert_eq!(
            call(cidrhost(), vec![s("10.12.112.0/20"), n(268)])
                .as_deref()
                .map_err(String::as_str),
            Ok("10.12.113.12")
        );
        assert_eq!(
            call(cidrhost(), vec![s("fd00:fd12:3456:7890:00a2::/72"), n(34)])
                .as_deref()
                .map_err(String::as_str),
            Ok("fd00:fd12:3456:7890::22")
        );
        assert_eq!(
            call(cidrhost(), vec![s("10.0.0.0/24"), n(-1)])
                .as_deref()
                .map_err(String::as_str),
            Ok("10.0.0.255")
        );
        assert_eq!(
            call(cidrhost(), vec![s("10.0.0.0/24"), n(256)])
                .as_deref()
                .map_err(String::as_str),
            Err("prefix of 24 does not accommodate a host numbered 256")
        );
        assert_eq!(
            call(cidrhost(), vec![s("10.0.0.0/24"), n(-257)])
                .as_deref()
                .map_err(String::as_str),
            Err("prefix of 24 does not accommodate a host numbered -1")
        );
        assert_eq!(
            call(cidrhost(), vec![s("10.0.0.0"), n(1)])
                .as_deref()
                .map_err(String::as_str),
            Err("invalid CIDR expression: invalid CIDR address: 10.0.0.0")
        );
        let big = Value::number(Number::parse_literal("18446744073709551617").unwrap_or_default());
        assert_eq!(
            call(cidrhost(), vec![s("fd00::/56"), big])
                .as_deref()
                .map_err(String::as_str),
            Ok("fd00:0:0:1::1")
        );
    }

    #[test]
    fn terraform_cidrnetmask_examples() {
        assert_eq!(
            call(cidrnetmask(), vec![s("172.16.0.0/12")])
                .as_deref()
                .map_err(String::as_str),
            Ok("255.240.0.0")
        );
        assert_eq!(
            call(cidrnetmask(), vec![s("10.0.0.0/0")])
                .as_deref()
                .map_err(String::as_str),
            Ok("0.0.0.0")
        );
        assert_eq!(
            call(cidrnetmask(), vec![s("fd00::/8")])
                .as_deref()
                .map_err(String::as_str),
            Err("IPv6 addresses cannot have a netmask: fd00::/8")
        );
    }

    #[test]
    fn terraform_cidrsubnet_examples() {
        assert_eq!(
            call(cidrsubnet(), vec![s("172.16.0.0/12"), n(4), n(2)])
                .as_deref()
                .map_err(String::as_str),
            Ok("172.18.0.0/16")
        );
        assert_eq!(
            call(cidrsubnet(), vec![s("10.1.2.0/24"), n(4), n(15)])
                .as_deref()
                .map_err(String::as_str),
            Ok("10.1.2.240/28")
        );
        assert_eq!(
            call(
                cidrsubnet(),
                vec![s("fd00:fd12:3456:7890::/56"), n(16), n(162)]
            )
            .as_deref()
            .map_err(String::as_str),
            Ok("fd00:fd12:3456:7800:a200::/72")
        );
        assert_eq!(
            call(cidrsubnet(), vec![s("10.0.0.0/30"), n(3), n(0)])
                .as_deref()
                .map_err(String::as_str),
            Err("insufficient address space to extend prefix of 30 by 3")
        );
        assert_eq!(
            call(cidrsubnet(), vec![s("10.0.0.0/24"), n(2), n(4)])
                .as_deref()
                .map_err(String::as_str),
            Err("prefix extension of 2 does not accommodate a subnet numbered 4")
        );
    }

    #[test]
    fn terraform_cidrsubnets_examples() {
        assert_eq!(
            call(
                cidrsubnets(),
                vec![s("10.1.0.0/16"), n(4), n(4), n(8), n(4)]
            )
            .as_deref()
            .map_err(String::as_str),
            Ok("10.1.0.0/20 10.1.16.0/20 10.1.32.0/24 10.1.48.0/20")
        );
        assert_eq!(
            call(
                cidrsubnets(),
                vec![s("fd00:fd12:3456:7890::/56"), n(16), n(16), n(16), n(32)]
            )
            .as_deref()
            .map_err(String::as_str),
            Ok(
                "fd00:fd12:3456:7800::/72 fd00:fd12:3456:7800:100::/72 fd00:fd12:3456:7800:200::/72 fd00:fd12:3456:7800:300::/88"
            )
        );
        assert_eq!(
            call(cidrsubnets(), vec![s("10.0.0.0/8")])
                .as_deref()
                .map_err(String::as_str),
            Ok("")
        );
        assert_eq!(
            call(cidrsubnets(), vec![s("10.0.0.0/30"), n(1), n(1), n(1)])
                .as_deref()
                .map_err(String::as_str),
            Err(
                "not enough remaining address space for a subnet with a prefix of 31 bits after 10.0.0.2/31"
            )
        );
        assert_eq!(
            call(cidrsubnets(), vec![s("10.0.0.0/30"), n(0)])
                .as_deref()
                .map_err(String::as_str),
            Err("must extend prefix by at least one bit")
        );
        assert_eq!(
            call(cidrsubnets(), vec![s("10.0.0.0/30"), n(3)])
                .as_deref()
                .map_err(String::as_str),
            Err("would extend prefix to 33 bits, which is too long for an IPv4 address")
        );
    }
}
