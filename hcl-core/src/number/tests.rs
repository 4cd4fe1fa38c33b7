//! Unit tests of [`Number`]. The expected strings of `GO_CTY_CASES` and of the tests that say
//! so were taken from running Go's cty (`big.ParseFloat(s, 10, 512, big.ToNearestEven)`, the
//! `stdlib` Add/Subtract/Multiply/Divide/Modulo functions, `Text('f', -1)`).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use num_bigint::BigInt;

use super::*;

fn num(s: &str) -> Number {
    match s {
        "+Inf" => Number::INFINITY,
        "-Inf" => Number::NEG_INFINITY,
        _ => Number::parse_literal(s).expect("valid literal"),
    }
}

fn hash_of(n: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    n.hash(&mut h);
    h.finish()
}

fn eval(op: &str, a: &str, b: &str) -> Result<String, String> {
    let (a, b) = (num(a), if b.is_empty() { Number::ZERO } else { num(b) });
    let r = match op {
        "p" => Ok(a),
        "neg" => Ok(a.neg()),
        "add" => a.add(&b),
        "sub" => a.sub(&b),
        "mul" => a.mul(&b),
        "div" => a.div(&b),
        "rem" => a.rem(&b),
        _ => unreachable!("unknown op {op}"),
    };
    r.map(|n| n.to_string()).map_err(|e| e.to_string())
}

/// `(operation, a, b, Go's result)`; `p` is parse-and-print.
#[rustfmt::skip]
const GO_CTY_CASES: &[(&str, &str, &str, Result<&str, &str>)] = &[
    ("p", "0.1", "", Ok("0.1")),
    ("p", "0.5", "", Ok("0.5")),
    ("p", "2.5e-1", "", Ok("0.25")),
    ("p", "1e-1000", "", Ok("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
    ("p", "123456789.123456789", "", Ok("123456789.123456789")),
    ("p", "0.30000000000000004", "", Ok("0.30000000000000004")),
    ("p", "0.9999999999999999999", "", Ok("0.9999999999999999999")),
    ("p", "1.5E-3", "", Ok("0.0015")),
    ("p", "+12.5e+2", "", Ok("1250")),
    ("p", ".5", "", Ok("0.5")),
    ("p", "5.", "", Ok("5")),
    ("p", "00012.3400", "", Ok("12.34")),
    ("add", "0.1", "0.2", Ok("0.3")),
    ("sub", "0.3", "0.1", Ok("0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002")),
    ("sub", "0.1", "0.3", Ok("-0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002")),
    ("div", "1", "3", Ok("0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335")),
    ("div", "2", "3", Ok("0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667")),
    ("div", "1", "7", Ok("0.14285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285")),
    ("div", "-1", "3", Ok("-0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335")),
    ("div", "10", "3", Ok("3.3333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333332")),
    ("div", "1", "9", Ok("0.111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111115")),
    ("div", "1e-10", "3", Ok("0.000000000033333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333")),
    ("div", "1", "1024", Ok("0.0009765625")),
    ("div", "1", "0.1", Ok("10")),
    ("div", "22", "7", Ok("3.1428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428")),
    ("mul", "1e-300", "1e-300", Ok("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000009999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999")),
    ("mul", "0.1", "0.1", Ok("0.010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
    ("mul", "0.5", "0.5", Ok("0.25")),
    ("mul", "-0.1", "3", Ok("-0.3")),
    ("rem", "11", "5.1", Ok("0.80000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000024")),
    ("rem", "-7", "3", Ok("-1")),
    ("rem", "7", "-3", Ok("1")),
    ("rem", "-7", "-3", Ok("-1")),
    ("rem", "5.5", "2", Ok("1.5")),
    ("rem", "-5.5", "2", Ok("-1.5")),
    ("rem", "5.5", "-2", Ok("1.5")),
    ("rem", "1", "0.1", Ok("0")),
    ("rem", "0.3", "0.1", Ok("0")),
    ("rem", "1e20", "0.3", Ok("0.09999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999779868635707241635781")),
    ("rem", "3", "0.7", Ok("0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006")),
    ("rem", "10", "3.3", Ok("0.10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000048")),
    ("rem", "10", "0", Ok("10")),
    ("rem", "2.5", "0", Ok("2.5")),
    ("rem", "0.7", "1e300", Ok("0.7")),
    ("div", "1e400", "3", Ok("3333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
    ("div", "1e400", "7", Ok("1428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
    ("div", "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096", "3", Ok("4469269309980865699858008332735282042493121940197464459241187147907254676691182325600624766055634475896677286062162016951251294270648856648811216335361365.5")),
    ("add", "0", "0", Ok("0")),
    ("add", "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096", "0.5", Ok("13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096")),
    ("sub", "6703903964971298549787012499102923063739682910296196688861780721860882015036773488400937149083451713845015929093243025426876941405973284973216824503042048", "0.5", Ok("6703903964971298549787012499102923063739682910296196688861780721860882015036773488400937149083451713845015929093243025426876941405973284973216824503042047.5")),
    ("add", "6703903964971298549787012499102923063739682910296196688861780721860882015036773488400937149083451713845015929093243025426876941405973284973216824503042048", "0.5", Ok("6703903964971298549787012499102923063739682910296196688861780721860882015036773488400937149083451713845015929093243025426876941405973284973216824503042048")),
    ("mul", "6703903964971298549787012499102923063739682910296196688861780721860882015036773488400937149083451713845015929093243025426876941405973284973216824503042048", "1.5", Ok("10055855947456947824680518748654384595609524365444295033292671082791323022555160232601405723625177570767523893639864538140315412108959927459825236754563072")),
    ("div", "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096", "0.5", Ok("26815615859885194199148049996411692254958731641184786755447122887443528060147093953603748596333806855380063716372972101707507765623893139892867298012168190")),
    ("div", "1", "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096", Ok("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007458340731200206743290965315462933837376471534600406894271518333206278385070118304936174890400427803361511603255836101453412728095225302660486164829592085")),
    ("add", "+Inf", "1", Ok("+Inf")),
    ("sub", "1", "+Inf", Ok("-Inf")),
    ("mul", "-Inf", "-2", Ok("+Inf")),
    ("div", "+Inf", "-3", Ok("-Inf")),
    ("div", "5", "+Inf", Ok("0")),
    ("div", "-5", "0", Ok("-Inf")),
    ("div", "5", "0", Ok("+Inf")),
    ("div", "0", "5", Ok("0")),
    ("mul", "0", "5.5", Ok("0")),
    ("add", "+Inf", "-Inf", Err("can't compute sum of opposing infinities")),
    ("sub", "+Inf", "+Inf", Err("can't subtract infinity from itself")),
    ("sub", "-Inf", "-Inf", Err("can't subtract infinity from itself")),
    ("sub", "+Inf", "-Inf", Ok("+Inf")),
    ("mul", "0", "+Inf", Err("can't multiply zero by infinity")),
    ("mul", "-Inf", "0", Err("can't multiply zero by infinity")),
    ("div", "0", "0", Err("can't divide zero by zero or infinity by infinity")),
    ("div", "+Inf", "+Inf", Err("can't divide zero by zero or infinity by infinity")),
    ("div", "-Inf", "+Inf", Err("can't divide zero by zero or infinity by infinity")),
    ("rem", "0", "+Inf", Err("can't use modulo with zero and infinity")),
    ("neg", "0.1", "", Ok("-0.1")),
    ("neg", "-3", "", Ok("3")),
    ("add", "9223372036854775807", "1", Ok("9223372036854775808")),
    ("sub", "-9223372036854775808", "1", Ok("-9223372036854775809")),
    ("mul", "9223372036854775807", "9223372036854775807", Ok("85070591730234615847396907784232501249")),
    ("div", "-9223372036854775808", "-1", Ok("9223372036854775808")),
    ("rem", "-9223372036854775808", "-1", Ok("0")),
    ("div", "9223372036854775807", "2", Ok("4611686018427387903.5")),
    ("p", "1e-400", "", Ok("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
    ("mul", "1e-200", "1e-200", Ok("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
    ("div", "0.000001", "1e300", Ok("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
    ("add", "1e-300", "1", Ok("1")),
    ("sub", "1", "1e-160", Ok("1")),
    ("sub", "1", "1e-155", Ok("1")),
    ("add", "1", "1e-154", Ok("1.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
    ("p", "-5857147374.0451925", "", Ok("-5857147374.0451925")),
    ("mul", "-53521", "876827935927150164", Ok("-46928707958757003927444")),
    ("p", "189", "", Ok("189")),
    ("mul", "218", "-58662650480.895997761", Ok("-12788457804835.327511898")),
    ("rem", "-438604410409437176", "-392368276770445741", Ok("-46236133638991435")),
    ("sub", "-869", "0.3e-1353", Ok("-869")),
    ("add", "846938344682032447", "6e9", Ok("846938350682032447")),
    ("add", "-917", "-1e-244", Ok("-917")),
    ("mul", "-553407129.03645527", "-07048915.10650255595454629348117113156533", Ok("3900919871911278.8253819482060194243336058847549896277891")),
    ("sub", "-0.44", "262966952983583586", Ok("-262966952983583586.44")),
    ("sub", "431", "7999333898683602.8", Ok("-7999333898683171.8")),
    ("sub", "0.4e0", "0.3e-1258", Ok("0.4")),
    ("rem", "-1824992582731.514341751930022369546894272", "-77648998.64", Ok("-8167695.594341751930022369546894272000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000261832")),
    ("add", "-558796720284219305001478580.2826752715266e30", "870", Ok("-558796720284219305001478580282675271526599999999999999130")),
    ("add", "77", "0.78e19", Ok("7800000000000000077")),
    ("rem", "-0.82", "-714841401325910226", Ok("-0.82")),
    ("p", "-441", "", Ok("-441")),
    ("mul", "-357", "-0.6e-91", Ok("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000002142")),
    ("rem", "4.0", "19", Ok("4")),
    ("p", "-6e26", "", Ok("-600000000000000000000000000")),
    ("rem", "-0952290514207182026954394473719.621935960e69", "-78e-1237", Ok("0")),
    ("rem", "6.7919372399469994475", "0.6", Ok("0.19193723994699944749999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999957")),
    ("sub", "-4.6e111", "-175", Ok("-4599999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999825")),
    ("add", "585", "-535", Ok("50")),
    ("sub", "956", "-183932158211363266", Ok("183932158211364222")),
    ("p", "690", "", Ok("690")),
    ("mul", "-5.5957359644414736075973644270933708650869251462272080711057887647379716016489796", "-3e17", Ok("1678720789332442082.2792093281280112595260775438681624213317366294213914804946938799999999999999999999999999999999999999999999999999999999999999999999999999")),
    ("div", "-0.94e-1", "0.2", Ok("-0.47")),
    ("div", "9", "-939", Ok("-0.009584664536741214057507987220447284345047923322683706070287539936102236421725239616613418530351437699680511182108626198083067092651757188498402555910543131")),
    ("add", "9e-18", "-015077.0889754523563557193136301284217139", Ok("-15077.0889754523563557103136301284217139")),
    ("p", "-802870300251379692", "", Ok("-802870300251379692")),
    ("mul", "0.96073", "-984", Ok("-945.35832")),
    ("p", "-957300109772096194", "", Ok("-957300109772096194")),
    ("p", "827", "", Ok("827")),
    ("sub", "98", "669145008.59473741", Ok("-669144910.59473741")),
    ("mul", "-954", "-767", Ok("731718")),
    ("add", "-7", "1798.6e74", Ok("179859999999999999999999999999999999999999999999999999999999999999999999999993")),
    ("neg", "-978", "", Ok("978")),
    ("mul", "-868.30110395290330006", "668", Ok("-580025.13744053940444008")),
    ("sub", "-1.3428238622011753e8", "-658", Ok("-134281728.22011753")),
    ("div", "789", "588189070.8", Ok("0.0000013414054071539882138184060933761913074975142839733294820002969698157812149541898628559148671621322481736938795225230832357723570269371281898357911481275351")),
    ("neg", "87.6e3", "", Ok("-87600")),
    ("rem", "994", "-200971515419806178", Ok("994")),
    ("div", "4.3", "-313", Ok("-0.013738019169329073482428115015974440894568690095846645367412140575079872204472843450479233226837060702875399361022364217252396166134185303514376996805111821")),
    ("rem", "933824893.8e-15", "-123", Ok("0.0000009338248938")),
    ("p", "-679", "", Ok("-679")),
    ("add", "0.778", "-811", Ok("-810.222")),
    ("mul", "55.372708521144659321e67", "23414062196006148", Ok("12965000412754006658671131262815055080000000000000000000000000000000000000000000000000")),
    ("p", "245", "", Ok("245")),
    ("add", "-155", "-44204342.298278004", Ok("-44204497.298278004")),
    ("rem", "820", "6.003366641e-383", Ok("0")),
    ("neg", "953", "", Ok("-953")),
    ("sub", "0.50", "130948475733028907", Ok("-130948475733028906.5")),
    ("p", "87280772583825380513636022195623.331637912739696543457441350878589099623121454697", "", Ok("87280772583825380513636022195623.331637912739696543457441350878589099623121454697")),
    ("rem", "36.952776337058756", "376", Ok("36.952776337058756")),
    ("p", "-4.3038072246010073644", "", Ok("-4.3038072246010073644")),
    ("rem", "-0.026e-14", "0.14739e-376", Ok("0")),
    ("mul", "-8306050937168893.5", "0.634", Ok("-5266036294165078.479")),
    ("rem", "573296805600945966344384717.14952062071308522049370392313740681145566360111195770", "-303", Ok("230.14952062071308522049370392313740681145566360111195770000000000000000000000000000000000000000000000000000000000000000000000000000116968385237522357471525")),
    ("mul", "69805417.085493575605", "77958382.969331849", Ok("5441917438484848.839258149828815943645")),
];

#[test]
fn results_match_go_cty_digit_for_digit() {
    for (op, a, b, want) in GO_CTY_CASES {
        let want = want.map(str::to_owned).map_err(str::to_owned);
        assert_eq!(eval(op, a, b), want, "{op} {a} {b}");
    }
}

#[test]
fn size_is_sixteen_bytes() {
    assert_eq!(std::mem::size_of::<Number>(), 16);
    assert_eq!(std::mem::size_of::<Option<Number>>(), 16);
}

#[test]
fn eleven_rem_five_point_one_matches_go() {
    // From Go's cty: 0.8, 152 zeros, 24.
    let r = num("11").rem(&num("5.1")).expect("finite");
    assert_eq!(r.to_string(), format!("0.8{}24", "0".repeat(152)));
}

#[test]
fn one_third_prints_155_fraction_digits_like_go() {
    // From Go's cty: 157 characters, ending in 5.
    let r = Number::ONE.div(&Number::from(3)).expect("finite");
    assert_eq!(r.to_string(), format!("0.{}5", "3".repeat(154)));
    let r = Number::from(2).div(&Number::from(3)).expect("finite");
    assert_eq!(r.to_string(), format!("0.{}7", "6".repeat(153)));
}

#[test]
fn tenth_plus_two_tenths_is_three_tenths() {
    assert_eq!(
        num("0.1").add(&num("0.2")).expect("finite").to_string(),
        "0.3"
    );
    assert_eq!(num("0.1").add(&num("0.2")).expect("finite"), num("0.3"));
}

#[test]
fn tiny_products_print_positionally() {
    // From Go's cty: 1e-300 * 1e-300.
    let r = num("1e-300").mul(&num("1e-300")).expect("finite");
    assert_eq!(
        r.to_string(),
        format!("0.{}{}", "0".repeat(600), "9".repeat(154))
    );
    assert_eq!(
        num("1e-1000").to_string(),
        format!("0.{}1", "0".repeat(999))
    );
}

#[test]
fn big_quotient_prints_shortest_digits_then_zeros() {
    // From Go's cty: 1e400 / 3.
    let r = num("1e400").div(&num("3")).expect("finite");
    assert_eq!(
        r.to_string(),
        format!("{}4{}", "3".repeat(154), "0".repeat(245))
    );
    assert!(r.is_integer());
}

#[test]
fn remainders_follow_go_signs() {
    for (a, b, want) in [
        ("-7", "3", "-1"),
        ("7", "-3", "1"),
        ("-7", "-3", "-1"),
        ("5.5", "2", "1.5"),
        ("-5.5", "2", "-1.5"),
        ("5.5", "-2", "1.5"),
        ("10", "0", "10"),
        ("2.5", "0", "2.5"),
        ("0.7", "1e300", "0.7"),
        ("-9223372036854775808", "-1", "0"),
    ] {
        assert_eq!(eval("rem", a, b), Ok(want.to_owned()), "{a} % {b}");
    }
}

#[test]
fn deviation_remainder_with_any_infinity_is_the_product() {
    // cty multiplies when an operand is infinite (cty compares against its own infinity
    // values by pointer, so Go only does this for cty.PositiveInfinity itself).
    assert_eq!(eval("rem", "5", "+Inf"), Ok("+Inf".to_owned()));
    assert_eq!(eval("rem", "-Inf", "2"), Ok("-Inf".to_owned()));
    assert_eq!(eval("rem", "-Inf", "-Inf"), Ok("+Inf".to_owned()));
    assert_eq!(
        eval("rem", "0", "-Inf"),
        Err("can't use modulo with zero and infinity".to_owned())
    );
}

#[test]
fn arithmetic_errors_have_go_messages() {
    let cases = [
        (
            "add",
            "+Inf",
            "-Inf",
            ArithmeticErrorKind::SumOfOpposingInfinities,
            "can't compute sum of opposing infinities",
        ),
        (
            "sub",
            "-Inf",
            "-Inf",
            ArithmeticErrorKind::SubtractInfinityFromItself,
            "can't subtract infinity from itself",
        ),
        (
            "mul",
            "0",
            "-Inf",
            ArithmeticErrorKind::MultiplyZeroByInfinity,
            "can't multiply zero by infinity",
        ),
        (
            "div",
            "0",
            "0",
            ArithmeticErrorKind::DivideZeroByZeroOrInfinityByInfinity,
            "can't divide zero by zero or infinity by infinity",
        ),
        (
            "div",
            "-Inf",
            "+Inf",
            ArithmeticErrorKind::DivideZeroByZeroOrInfinityByInfinity,
            "can't divide zero by zero or infinity by infinity",
        ),
        (
            "rem",
            "+Inf",
            "0",
            ArithmeticErrorKind::ModuloWithZeroAndInfinity,
            "can't use modulo with zero and infinity",
        ),
    ];
    for (op, a, b, kind, msg) in cases {
        let (a, b) = (num(a), num(b));
        let e = match op {
            "add" => a.add(&b),
            "sub" => a.sub(&b),
            "mul" => a.mul(&b),
            "div" => a.div(&b),
            _ => a.rem(&b),
        }
        .expect_err("NaN");
        assert_eq!(e.kind(), kind);
        assert_eq!(e.to_string(), msg);
    }
}

#[test]
fn division_by_zero_gives_signed_infinity() {
    assert_eq!(num("5").div(&Number::ZERO), Ok(Number::INFINITY));
    assert_eq!(num("-0.5").div(&Number::ZERO), Ok(Number::NEG_INFINITY));
    assert_eq!(
        Number::NEG_INFINITY.div(&Number::ZERO),
        Ok(Number::NEG_INFINITY)
    );
    assert_eq!(num("5").div(&Number::NEG_INFINITY), Ok(Number::ZERO));
}

#[test]
fn deviation_negative_zero_does_not_exist() {
    // Go prints "-0" for these; there is no negative zero here.
    assert_eq!(eval("mul", "-1", "0"), Ok("0".to_owned()));
    assert_eq!(eval("mul", "-1.5", "0"), Ok("0".to_owned()));
    assert_eq!(eval("neg", "0", ""), Ok("0".to_owned()));
    assert_eq!(num("-0.0"), Number::ZERO);
    assert!(!num("-0").is_negative());
    assert_eq!(Number::from_f64(-0.0), Some(Number::ZERO));
    // So 1 / (-1 × 0) is +Inf, where Go gives -Inf.
    let z = num("-1").mul(&Number::ZERO).expect("finite");
    assert_eq!(Number::ONE.div(&z), Ok(Number::INFINITY));
}

#[test]
fn integral_results_become_exact_integers() {
    let one = num("0.5").add(&num("0.5")).expect("finite");
    assert!(matches!(one.0, Repr::Small(1)));
    let n = num("0.25").mul(&num("4e30")).expect("finite");
    assert!(matches!(&n.0, Repr::Big(b) if **b == BigInt::from(10u32).pow(30)));
    assert!(matches!(num("1.000").0, Repr::Small(1)));
    assert!(matches!(
        num(&format!("0.{}", "9".repeat(200))).0,
        Repr::Small(1)
    ));
    assert!(matches!(num("2.5").trunc().0, Repr::Small(2)));
    let third = Number::ONE.div(&Number::from(3)).expect("finite");
    assert!(matches!(
        third.mul(&Number::from(3)).expect("finite").0,
        Repr::Small(1)
    ));
}

#[test]
fn deviation_integers_beyond_512_bits_stay_exact() {
    let a = num(
        "123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789",
    );
    let sq = a.mul(&a).expect("finite");
    let exact = a.to_bigint().expect("integer") * a.to_bigint().expect("integer");
    assert_eq!(sq.to_bigint(), Ok(exact.clone()));
    assert_eq!(sq.to_string(), exact.to_string());
    assert_eq!(sq.div(&a), Ok(a.clone()));
    assert_eq!(
        sq.add(&Number::ONE).expect("finite").rem(&a),
        Ok(Number::ONE)
    );
    assert_eq!(sq.sub(&sq), Ok(Number::ZERO));
}

#[test]
fn small_integer_overflow_falls_back_to_big() {
    let max = Number::from(i64::MAX);
    let min = Number::from(i64::MIN);
    assert_eq!(
        max.add(&Number::ONE).expect("finite").to_string(),
        "9223372036854775808"
    );
    assert_eq!(
        min.sub(&Number::ONE).expect("finite").to_string(),
        "-9223372036854775809"
    );
    assert_eq!(min.neg().to_string(), "9223372036854775808");
    assert_eq!(min.neg().neg(), min);
    assert!(matches!(min.neg().neg().0, Repr::Small(i64::MIN)));
    assert_eq!(
        min.div(&Number::from(-1)).expect("finite").to_string(),
        "9223372036854775808"
    );
    assert_eq!(
        min.mul(&min).expect("finite").to_string(),
        "85070591730234615865843651857942052864"
    );
    assert!(matches!(
        max.add(&Number::ONE)
            .expect("finite")
            .sub(&Number::ONE)
            .expect("finite")
            .0,
        Repr::Small(i64::MAX)
    ));
}

#[test]
fn integers_beyond_the_bit_limit_are_rounded() {
    let big = Number::from(BigInt::from(3u32).pow(41_000)); // 64,983 bits: exact
    assert!(matches!(big.0, Repr::Big(_)));
    let product = big.mul(&Number::from(1000)).expect("finite"); // 64,993 bits: exact
    assert!(matches!(product.0, Repr::Big(_)));
    let square = big.mul(&big).expect("finite"); // rounded to 512 bits
    assert!(matches!(square.0, Repr::Float(_)));
    assert!(square.is_integer());
    let exact = BigInt::from(3u32).pow(82_000);
    assert_ne!(square.to_bigint(), Ok(exact.clone()));
    let error = square.to_bigint().expect("integer") - &exact;
    assert!(error.magnitude() <= &(exact.magnitude() >> 511u32));
    let over_limit = Number::from(BigInt::from(1u32) << 70_000);
    assert!(matches!(over_limit.0, Repr::Float(_)));
    assert_eq!(over_limit.to_bigint(), Ok(BigInt::from(1u32) << 70_000));
}

#[test]
fn floats_overflow_to_infinity_and_underflow_to_zero() {
    let huge = Number::ONE.div(&num("1.5e-315000")).expect("finite");
    assert!(huge.is_finite());
    assert_eq!(huge.mul(&num("1e1000")), Ok(Number::INFINITY));
    assert_eq!(huge.neg().mul(&num("1e1000")), Ok(Number::NEG_INFINITY));
    assert_eq!(
        num("1.5e-200000").mul(&num("1.5e-200000")),
        Ok(Number::ZERO)
    );
    assert_eq!(
        num("-1.5e-200000").mul(&num("1.5e-200000")),
        Ok(Number::ZERO)
    );
}

#[test]
fn literals_out_of_range_are_errors() {
    for text in [
        "1e20000",
        "1.5e315000",
        "1e-400000",
        "1.5e-400000",
        "0.5e-315700",
        "1e99999999999999999999",
        "1e-99999999999999999999",
        "0e99999999999999999999",
        "1e9223372036854775807",
        "1e-9223372036854775808",
    ] {
        let e = Number::parse_literal(text).expect_err(text);
        assert_eq!(e.kind(), ParseNumberErrorKind::OutOfRange, "{text}");
        assert_eq!(e.to_string(), "number is out of range");
    }
    assert_eq!(num("1e19000").to_string().len(), 19001);
    assert_eq!(num("0e-999999999"), Number::ZERO);
    assert!(num(&format!("1{}.5", "0".repeat(25_000))).is_integer()); // rounded: a float
    assert!(Number::parse_decimal(&"9".repeat(19_728)).is_ok());
    assert!(Number::parse_decimal(&"9".repeat(19_729)).is_err());
}

#[test]
fn literal_syntax() {
    for (text, want) in [
        ("0", "0"),
        ("-0", "0"),
        ("+7", "7"),
        ("1e5", "100000"),
        ("1E+5", "100000"),
        ("1.5E-3", "0.0015"),
        ("-.5", "-0.5"),
        ("5.", "5"),
        ("0005.2500", "5.25"),
        ("12e-1", "1.2"),
        ("1000e-3", "1"),
    ] {
        assert_eq!(num(text).to_string(), want, "{text}");
    }
    for text in [
        "", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "1p10", "0x10", "0b1", "1_000", " 1", "1 ",
        "Inf", "+Inf", "-inf", "NaN", "1e5.5", "--1", "١",
    ] {
        let e = Number::parse_literal(text).expect_err(text);
        assert_eq!(e.kind(), ParseNumberErrorKind::Invalid, "{text:?}");
        assert_eq!(e.to_string(), "a number is required");
    }
    assert_eq!("2.5".parse::<Number>(), Ok(num("2.5")));
}

#[test]
fn decimal_syntax() {
    for (text, want) in [
        ("0", "0"),
        ("-0", "0"),
        ("007", "7"),
        ("-12.50", "-12.5"),
        ("0.000", "0"),
        ("+Inf", "+Inf"),
        ("-Inf", "-Inf"),
    ] {
        assert_eq!(Number::parse_decimal(text).expect(text).to_string(), want);
    }
    for text in [
        "", "-", "+5", "1e5", "1E5", ".5", "5.", "-.5", "Inf", "inf", "+inf", "1.2.3", " 1", "1_0",
        "0x1",
    ] {
        let e = Number::parse_decimal(text).expect_err(text);
        assert_eq!(e.kind(), ParseNumberErrorKind::Invalid, "{text:?}");
    }
}

#[test]
fn printing_round_trips() {
    for text in ["0.1", "-2.5", "1e-30", "3.14159", "123456789.987654321"] {
        let n = num(text);
        assert_eq!(Number::parse_decimal(&n.to_string()), Ok(n.clone()));
    }
    for (a, b) in [("1", "3"), ("-2", "7"), ("1e-200", "3"), ("22", "7e100")] {
        let n = num(a).div(&num(b)).expect("finite");
        assert_eq!(
            Number::parse_decimal(&n.to_string()),
            Ok(n.clone()),
            "{a}/{b}"
        );
    }
}

#[test]
fn ordering_is_numeric_and_total() {
    let big = Number::from(BigInt::from(1u32) << 100);
    let two_600 = Number::from(BigInt::from(1u32) << 600);
    let float_2_600 = num("0.5")
        .mul(&Number::from(BigInt::from(1u32) << 601))
        .expect("finite");
    assert!(matches!(float_2_600.0, Repr::Float(_)));
    let sorted = [
        Number::NEG_INFINITY,
        two_600.neg(),
        big.neg(),
        Number::from(i64::MIN),
        num("-1.5"),
        num("-1e-300"),
        Number::ZERO,
        num("1e-300"),
        num("0.1"),
        Number::ONE,
        num("1.0000000000000000000000000000001"),
        Number::from(i64::MAX),
        big.clone(),
        num("1267650600228229401496703205376.5"),
        two_600.clone(),
        Number::INFINITY,
    ];
    for (i, a) in sorted.iter().enumerate() {
        for (j, b) in sorted.iter().enumerate() {
            assert_eq!(a.cmp(b), i.cmp(&j), "{a:?} vs {b:?}");
            assert_eq!(a == b, i == j);
        }
    }
    assert_eq!(two_600, float_2_600);
    assert_eq!(float_2_600.cmp(&two_600), std::cmp::Ordering::Equal);
    assert_eq!(hash_of(&two_600), hash_of(&float_2_600));
    assert_eq!(hash_of(&two_600.neg()), hash_of(&float_2_600.neg()));
}

#[test]
fn equal_numbers_hash_equally() {
    let pairs = [
        (num("0.5").add(&num("0.5")).expect("finite"), Number::ONE),
        (num("1e30"), Number::from(10u128.pow(30))),
        (num("0.1"), Number::parse_decimal("0.10").expect("valid")),
        (Number::from(u64::MAX), num("18446744073709551615")),
        (Number::from(-5i8), Number::from(-5i128)),
        (num("+Inf"), Number::INFINITY),
    ];
    for (a, b) in pairs {
        assert_eq!(a, b);
        assert_eq!(hash_of(&a), hash_of(&b), "{a:?}");
    }
}

#[test]
fn conversion_to_native_integers_checks_range() {
    assert_eq!(num("127").to_i8(), Ok(127));
    assert_eq!(
        num("128").to_i8().expect_err("range").to_string(),
        "value must be a whole number, between -128 and 127"
    );
    assert_eq!(
        num("-1").to_u16().expect_err("range").to_string(),
        "value must be a whole number, between 0 and 65535 inclusive"
    );
    assert_eq!(
        num("1.5").to_i64().expect_err("whole").to_string(),
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
    );
    assert!(Number::INFINITY.to_u64().is_err());
    assert_eq!(num("18446744073709551615").to_u64(), Ok(u64::MAX));
    assert_eq!(
        num("-170141183460469231731687303715884105728").to_i128(),
        Ok(i128::MIN)
    );
    assert_eq!(
        num("340282366920938463463374607431768211455").to_u128(),
        Ok(u128::MAX)
    );
    assert!(
        num("340282366920938463463374607431768211456")
            .to_u128()
            .is_err()
    );
    assert_eq!(num("4294967295").to_u32(), Ok(u32::MAX));
    assert_eq!(num("-32768").to_i16(), Ok(i16::MIN));
    assert_eq!(num("255").to_u8(), Ok(255));
    assert_eq!(num("-2147483648").to_i32(), Ok(i32::MIN));
    assert_eq!(num("42").to_usize(), Ok(42));
    assert_eq!(num("-42").to_isize(), Ok(-42));
    let e = num("1.5").to_bigint().expect_err("whole");
    assert_eq!(e.to_string(), "value must be a whole number");
    assert_eq!((e.min(), e.max()), (None, None));
    let e = num("300").to_u8().expect_err("range");
    assert_eq!((e.min(), e.max()), (Some(0), Some(255)));
    assert_eq!(num("1e40").to_bigint(), Ok(BigInt::from(10u32).pow(40)));
    assert!(Number::NEG_INFINITY.to_bigint().is_err());
}

#[test]
fn conversion_to_f64_rounds_to_nearest_even() {
    assert_eq!(num("0.1").to_f64(), 0.1);
    assert_eq!(num("-2.5").to_f64(), -2.5);
    assert_eq!(num("1e308").to_f64(), 1e308);
    assert_eq!(num("1.7976931348623157e308").to_f64(), f64::MAX);
    assert_eq!(num("1.7976931348623159e308").to_f64(), f64::INFINITY);
    assert_eq!(num("1e400").to_f64(), f64::INFINITY);
    assert_eq!(num("-1e400").to_f64(), f64::NEG_INFINITY);
    assert_eq!(num("5e-324").to_f64(), 5e-324);
    assert_eq!(num("2e-324").to_f64(), 0.0);
    assert_eq!(num("3e-324").to_f64(), 5e-324);
    assert_eq!(
        num("2.2250738585072011e-308").to_f64(),
        2.225_073_858_507_201e-308
    );
    assert_eq!(num("9007199254740993").to_f64(), 9_007_199_254_740_992.0);
    assert_eq!(num("9007199254740995").to_f64(), 9_007_199_254_740_996.0);
    assert_eq!(num("36028797018963971").to_f64(), 36_028_797_018_963_968.0);
    assert_eq!(
        num("0.30000000000000004").to_f64(),
        0.300_000_000_000_000_04
    );
    assert_eq!(Number::INFINITY.to_f64(), f64::INFINITY);
    assert_eq!(num("0.1").to_f32(), 0.1f32);
    assert_eq!(num("1e39").to_f32(), f32::INFINITY);
    assert_eq!(num("1e-46").to_f32(), 0.0);
    assert_eq!(num("1.4e-45").to_f32(), 1e-45f32);
    assert_eq!(num("16777217").to_f32(), 16_777_216.0);
    assert_eq!(Number::NEG_INFINITY.to_f32(), f32::NEG_INFINITY);
}

#[test]
fn from_f64_is_exact() {
    assert_eq!(
        Number::from_f64(0.1).expect("finite").to_string(),
        "0.1000000000000000055511151231257827021181583404541015625"
    );
    assert_eq!(Number::from_f64(f64::NAN), None);
    assert_eq!(Number::from_f64(f64::INFINITY), Some(Number::INFINITY));
    assert_eq!(Number::from_f64(-3.0), Some(Number::from(-3)));
    assert_eq!(Number::from_f64(5e-324).expect("finite").to_f64(), 5e-324);
    assert_eq!(
        Number::from_f64(f64::MAX).expect("finite").to_f64(),
        f64::MAX
    );
    assert_eq!(Number::from_f64(1e300).expect("finite").to_f64(), 1e300);
    assert_eq!(Number::from_f32(0.5), Some(num("0.5")));
    for v in [0.1, -7.25, 1e-310, 123_456.789, 2f64.powi(600)] {
        assert_eq!(Number::from_f64(v).expect("finite").to_f64(), v);
    }
}

#[test]
fn from_f64_shortest_prints_like_go_float64_results() {
    assert_eq!(
        Number::from_f64_shortest(0.1).expect("finite").to_string(),
        "0.1"
    );
    assert_eq!(
        Number::from_f64_shortest(2f64.sqrt())
            .expect("finite")
            .to_string(),
        "1.4142135623730951"
    );
    assert_eq!(Number::from_f64_shortest(1e21), Some(num("1e21")));
    assert_eq!(
        Number::from_f64_shortest(f64::NEG_INFINITY),
        Some(Number::NEG_INFINITY)
    );
    assert_eq!(Number::from_f64_shortest(f64::NAN), None);
}

#[test]
fn rounding_functions() {
    for (text, trunc, floor, ceil) in [
        ("2.5", "2", "2", "3"),
        ("-2.5", "-2", "-3", "-2"),
        ("0.1", "0", "0", "1"),
        ("-0.1", "0", "-1", "0"),
        ("7", "7", "7", "7"),
        ("-1e-300", "0", "-1", "0"),
        ("+Inf", "+Inf", "+Inf", "+Inf"),
    ] {
        let n = num(text);
        assert_eq!(n.trunc().to_string(), trunc, "trunc {text}");
        assert_eq!(n.floor().to_string(), floor, "floor {text}");
        assert_eq!(n.ceil().to_string(), ceil, "ceil {text}");
    }
    assert_eq!(num("-2.5").abs(), num("2.5"));
    assert_eq!(Number::NEG_INFINITY.abs(), Number::INFINITY);
    assert_eq!(
        Number::from(i64::MIN).abs().to_string(),
        "9223372036854775808"
    );
}

#[test]
fn predicates() {
    assert!(num("3").is_integer() && !num("3.5").is_integer() && !Number::INFINITY.is_integer());
    assert!(num("-3.5").is_negative() && Number::NEG_INFINITY.is_negative());
    assert!(!Number::ZERO.is_negative() && !Number::ZERO.is_positive());
    assert!(Number::ZERO.is_zero() && !num("1e-300").is_zero());
    assert!(Number::INFINITY.is_infinite() && !Number::INFINITY.is_finite());
    assert!(num("1e-300").is_positive());
}

#[test]
fn display_honours_padding_and_debug_shows_the_value() {
    assert_eq!(format!("{:>6}", num("1.5")), "   1.5");
    assert_eq!(format!("{:<6}|", Number::INFINITY), "+Inf  |");
    assert_eq!(format!("{:>4}", Number::from(7)), "   7");
    assert_eq!(format!("{:?}", num("-0.25")), "Number(-0.25)");
}

#[test]
fn from_native_integers() {
    assert_eq!(Number::from(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(
        Number::from(i128::MIN).to_string(),
        "-170141183460469231731687303715884105728"
    );
    assert_eq!(
        Number::from(u128::MAX).to_string(),
        "340282366920938463463374607431768211455"
    );
    assert_eq!(Number::from(usize::MAX).to_u64(), Ok(usize::MAX as u64));
    assert_eq!(Number::from(-1isize), Number::from(-1i8));
    assert_eq!(Number::from(200u8), Number::from(200u16));
    assert_eq!(Number::from(-7i16), Number::from(-7i32));
    assert_eq!(Number::from(7u32), Number::from(&BigInt::from(7)));
    assert!(matches!(
        Number::from(BigInt::from(-42)).0,
        Repr::Small(-42)
    ));
    assert_eq!(Number::default(), Number::ZERO);
}

#[test]
fn error_types_are_std_errors() {
    fn is_error<E: std::error::Error + Send + Sync + 'static>(_: &E) {}
    is_error(&Number::parse_literal("x").expect_err("invalid"));
    is_error(&Number::ZERO.div(&Number::ZERO).expect_err("nan"));
    is_error(&num("1.5").to_i64().expect_err("whole"));
}

#[test]
fn deviation_literal_parsing_rounds_correctly_once() {
    // This literal is exactly halfway between two 512-bit floats. Go's ParseFloat gives
    // 662039117826386098905829164202.5017395024737578200876532507039866665310925335433950204655641073144511644192972221870716172406383083998610251387704939172093
    // (it divides by a rounded power of five); the correctly rounded value is the even one.
    let tie = "662039117826386098905829164202.50173950247375782008765325070398666653109253354339502046556410731445116441929722218707161724063830839986102513877049391720927697926340622129944393363464128787775983708042138325660401456145504405875499539510794116587683690655590903128117292232887111119332446706391141080518657991163885304286262128062858447169818306720968776853675711652180157873265235798589488369498344912979226339899696540669538080692291259765625";
    assert_eq!(
        num(tie).to_string(),
        "662039117826386098905829164202.5017395024737578200876532507039866665310925335433950204655641073144511644192972221870716172406383083998610251387704939172092"
    );
}
