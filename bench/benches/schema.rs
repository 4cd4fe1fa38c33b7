//! The schema and the conversion between the syntaxes
//! (`hcl_decode::schema`, `hcl_decode::convert`): exporting the schema of
//! a 200-struct configuration in each format, and converting the
//! generated 10 MB Terraform-style corpus (`hcl_bench::corpus`) to the
//! JSON syntax and back (by the schema the corpus implies). Thread CPU
//! time, best of five; conversion throughput in MB/s of input.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench schema
//! Set HCL_BENCH_SCHEMA_MB to change the corpus size (default 10).

// The structs are there for their schema; nothing reads their fields.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::Duration;

use hcl_bench::clock::thread_cpu_time;
use hcl_bench::corpus;
use hcl_core::edit::{self, Document};
use hcl_decode::Type;
use hcl_decode::prelude::*;
use hcl_decode::schema::{Attribute, BlockContent, BlockType, Body, Nesting, Schema};

const MB: usize = 1 << 20;

#[derive(FromValue, ToValue, Debug, Clone, Copy)]
enum Level {
    /// Everything.
    Debug,
    /// Less.
    Info,
}

/// Defines structs, each with a few attributes of every kind and a map
/// of blocks.
macro_rules! structs {
    ($($name:ident),* $(,)?) => {$(
        /// One struct of the configuration.
        ///
        /// With a detail paragraph.
        #[derive(HclBody)]
        struct $name {
            /// The name shown in logs.
            name: String,
            /// The port.
            #[hcl(default = 8080)]
            port: u16,
            #[hcl(default = Level::Info)]
            level: Level,
            timeout: Option<std::time::Duration>,
            #[hcl(optional)]
            tags: Vec<String>,
            #[hcl(block)]
            listener: std::collections::BTreeMap<String, Listener>,
        }
    )*};
}

structs!(
    S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15, S16, S17, S18, S19, S20, S21,
    S22, S23, S24, S25, S26, S27, S28, S29, S30, S31, S32, S33, S34, S35, S36, S37, S38, S39, S40,
    S41, S42, S43, S44, S45, S46, S47, S48, S49, S50, S51, S52, S53, S54, S55, S56, S57, S58, S59,
    S60, S61, S62, S63, S64, S65, S66, S67, S68, S69, S70, S71, S72, S73, S74, S75, S76, S77, S78,
    S79, S80, S81, S82, S83, S84, S85, S86, S87, S88, S89, S90, S91, S92, S93, S94, S95, S96, S97,
    S98, S99, S100, S101, S102, S103, S104, S105, S106, S107, S108, S109, S110, S111, S112, S113,
    S114, S115, S116, S117, S118, S119, S120, S121, S122, S123, S124, S125, S126, S127, S128, S129,
    S130, S131, S132, S133, S134, S135, S136, S137, S138, S139, S140, S141, S142, S143, S144, S145,
    S146, S147, S148, S149, S150, S151, S152, S153, S154, S155, S156, S157, S158, S159, S160, S161,
    S162, S163, S164, S165, S166, S167, S168, S169, S170, S171, S172, S173, S174, S175, S176, S177,
    S178, S179, S180, S181, S182, S183, S184, S185, S186, S187, S188, S189, S190, S191, S192, S193,
    S194, S195, S196, S197, S198, S199
);

/// The root: one optional block of each of the 199 other structs.
#[derive(HclBody)]
struct S0 {
    /// A name.
    name: String,
    #[hcl(block)]
    s1: Option<S1>,
    #[hcl(block)]
    s2: Option<S2>,
    #[hcl(block)]
    s3: Option<S3>,
    #[hcl(block)]
    s4: Option<S4>,
    #[hcl(block)]
    s5: Option<S5>,
    #[hcl(block)]
    s6: Option<S6>,
    #[hcl(block)]
    s7: Option<S7>,
    #[hcl(block)]
    s8: Option<S8>,
    #[hcl(block)]
    s9: Option<S9>,
    #[hcl(block)]
    s10: Option<S10>,
    #[hcl(block)]
    s11: Option<S11>,
    #[hcl(block)]
    s12: Option<S12>,
    #[hcl(block)]
    s13: Option<S13>,
    #[hcl(block)]
    s14: Option<S14>,
    #[hcl(block)]
    s15: Option<S15>,
    #[hcl(block)]
    s16: Option<S16>,
    #[hcl(block)]
    s17: Option<S17>,
    #[hcl(block)]
    s18: Option<S18>,
    #[hcl(block)]
    s19: Option<S19>,
    #[hcl(block)]
    s20: Option<S20>,
    #[hcl(block)]
    s21: Option<S21>,
    #[hcl(block)]
    s22: Option<S22>,
    #[hcl(block)]
    s23: Option<S23>,
    #[hcl(block)]
    s24: Option<S24>,
    #[hcl(block)]
    s25: Option<S25>,
    #[hcl(block)]
    s26: Option<S26>,
    #[hcl(block)]
    s27: Option<S27>,
    #[hcl(block)]
    s28: Option<S28>,
    #[hcl(block)]
    s29: Option<S29>,
    #[hcl(block)]
    s30: Option<S30>,
    #[hcl(block)]
    s31: Option<S31>,
    #[hcl(block)]
    s32: Option<S32>,
    #[hcl(block)]
    s33: Option<S33>,
    #[hcl(block)]
    s34: Option<S34>,
    #[hcl(block)]
    s35: Option<S35>,
    #[hcl(block)]
    s36: Option<S36>,
    #[hcl(block)]
    s37: Option<S37>,
    #[hcl(block)]
    s38: Option<S38>,
    #[hcl(block)]
    s39: Option<S39>,
    #[hcl(block)]
    s40: Option<S40>,
    #[hcl(block)]
    s41: Option<S41>,
    #[hcl(block)]
    s42: Option<S42>,
    #[hcl(block)]
    s43: Option<S43>,
    #[hcl(block)]
    s44: Option<S44>,
    #[hcl(block)]
    s45: Option<S45>,
    #[hcl(block)]
    s46: Option<S46>,
    #[hcl(block)]
    s47: Option<S47>,
    #[hcl(block)]
    s48: Option<S48>,
    #[hcl(block)]
    s49: Option<S49>,
    #[hcl(block)]
    s50: Option<S50>,
    #[hcl(block)]
    s51: Option<S51>,
    #[hcl(block)]
    s52: Option<S52>,
    #[hcl(block)]
    s53: Option<S53>,
    #[hcl(block)]
    s54: Option<S54>,
    #[hcl(block)]
    s55: Option<S55>,
    #[hcl(block)]
    s56: Option<S56>,
    #[hcl(block)]
    s57: Option<S57>,
    #[hcl(block)]
    s58: Option<S58>,
    #[hcl(block)]
    s59: Option<S59>,
    #[hcl(block)]
    s60: Option<S60>,
    #[hcl(block)]
    s61: Option<S61>,
    #[hcl(block)]
    s62: Option<S62>,
    #[hcl(block)]
    s63: Option<S63>,
    #[hcl(block)]
    s64: Option<S64>,
    #[hcl(block)]
    s65: Option<S65>,
    #[hcl(block)]
    s66: Option<S66>,
    #[hcl(block)]
    s67: Option<S67>,
    #[hcl(block)]
    s68: Option<S68>,
    #[hcl(block)]
    s69: Option<S69>,
    #[hcl(block)]
    s70: Option<S70>,
    #[hcl(block)]
    s71: Option<S71>,
    #[hcl(block)]
    s72: Option<S72>,
    #[hcl(block)]
    s73: Option<S73>,
    #[hcl(block)]
    s74: Option<S74>,
    #[hcl(block)]
    s75: Option<S75>,
    #[hcl(block)]
    s76: Option<S76>,
    #[hcl(block)]
    s77: Option<S77>,
    #[hcl(block)]
    s78: Option<S78>,
    #[hcl(block)]
    s79: Option<S79>,
    #[hcl(block)]
    s80: Option<S80>,
    #[hcl(block)]
    s81: Option<S81>,
    #[hcl(block)]
    s82: Option<S82>,
    #[hcl(block)]
    s83: Option<S83>,
    #[hcl(block)]
    s84: Option<S84>,
    #[hcl(block)]
    s85: Option<S85>,
    #[hcl(block)]
    s86: Option<S86>,
    #[hcl(block)]
    s87: Option<S87>,
    #[hcl(block)]
    s88: Option<S88>,
    #[hcl(block)]
    s89: Option<S89>,
    #[hcl(block)]
    s90: Option<S90>,
    #[hcl(block)]
    s91: Option<S91>,
    #[hcl(block)]
    s92: Option<S92>,
    #[hcl(block)]
    s93: Option<S93>,
    #[hcl(block)]
    s94: Option<S94>,
    #[hcl(block)]
    s95: Option<S95>,
    #[hcl(block)]
    s96: Option<S96>,
    #[hcl(block)]
    s97: Option<S97>,
    #[hcl(block)]
    s98: Option<S98>,
    #[hcl(block)]
    s99: Option<S99>,
    #[hcl(block)]
    s100: Option<S100>,
    #[hcl(block)]
    s101: Option<S101>,
    #[hcl(block)]
    s102: Option<S102>,
    #[hcl(block)]
    s103: Option<S103>,
    #[hcl(block)]
    s104: Option<S104>,
    #[hcl(block)]
    s105: Option<S105>,
    #[hcl(block)]
    s106: Option<S106>,
    #[hcl(block)]
    s107: Option<S107>,
    #[hcl(block)]
    s108: Option<S108>,
    #[hcl(block)]
    s109: Option<S109>,
    #[hcl(block)]
    s110: Option<S110>,
    #[hcl(block)]
    s111: Option<S111>,
    #[hcl(block)]
    s112: Option<S112>,
    #[hcl(block)]
    s113: Option<S113>,
    #[hcl(block)]
    s114: Option<S114>,
    #[hcl(block)]
    s115: Option<S115>,
    #[hcl(block)]
    s116: Option<S116>,
    #[hcl(block)]
    s117: Option<S117>,
    #[hcl(block)]
    s118: Option<S118>,
    #[hcl(block)]
    s119: Option<S119>,
    #[hcl(block)]
    s120: Option<S120>,
    #[hcl(block)]
    s121: Option<S121>,
    #[hcl(block)]
    s122: Option<S122>,
    #[hcl(block)]
    s123: Option<S123>,
    #[hcl(block)]
    s124: Option<S124>,
    #[hcl(block)]
    s125: Option<S125>,
    #[hcl(block)]
    s126: Option<S126>,
    #[hcl(block)]
    s127: Option<S127>,
    #[hcl(block)]
    s128: Option<S128>,
    #[hcl(block)]
    s129: Option<S129>,
    #[hcl(block)]
    s130: Option<S130>,
    #[hcl(block)]
    s131: Option<S131>,
    #[hcl(block)]
    s132: Option<S132>,
    #[hcl(block)]
    s133: Option<S133>,
    #[hcl(block)]
    s134: Option<S134>,
    #[hcl(block)]
    s135: Option<S135>,
    #[hcl(block)]
    s136: Option<S136>,
    #[hcl(block)]
    s137: Option<S137>,
    #[hcl(block)]
    s138: Option<S138>,
    #[hcl(block)]
    s139: Option<S139>,
    #[hcl(block)]
    s140: Option<S140>,
    #[hcl(block)]
    s141: Option<S141>,
    #[hcl(block)]
    s142: Option<S142>,
    #[hcl(block)]
    s143: Option<S143>,
    #[hcl(block)]
    s144: Option<S144>,
    #[hcl(block)]
    s145: Option<S145>,
    #[hcl(block)]
    s146: Option<S146>,
    #[hcl(block)]
    s147: Option<S147>,
    #[hcl(block)]
    s148: Option<S148>,
    #[hcl(block)]
    s149: Option<S149>,
    #[hcl(block)]
    s150: Option<S150>,
    #[hcl(block)]
    s151: Option<S151>,
    #[hcl(block)]
    s152: Option<S152>,
    #[hcl(block)]
    s153: Option<S153>,
    #[hcl(block)]
    s154: Option<S154>,
    #[hcl(block)]
    s155: Option<S155>,
    #[hcl(block)]
    s156: Option<S156>,
    #[hcl(block)]
    s157: Option<S157>,
    #[hcl(block)]
    s158: Option<S158>,
    #[hcl(block)]
    s159: Option<S159>,
    #[hcl(block)]
    s160: Option<S160>,
    #[hcl(block)]
    s161: Option<S161>,
    #[hcl(block)]
    s162: Option<S162>,
    #[hcl(block)]
    s163: Option<S163>,
    #[hcl(block)]
    s164: Option<S164>,
    #[hcl(block)]
    s165: Option<S165>,
    #[hcl(block)]
    s166: Option<S166>,
    #[hcl(block)]
    s167: Option<S167>,
    #[hcl(block)]
    s168: Option<S168>,
    #[hcl(block)]
    s169: Option<S169>,
    #[hcl(block)]
    s170: Option<S170>,
    #[hcl(block)]
    s171: Option<S171>,
    #[hcl(block)]
    s172: Option<S172>,
    #[hcl(block)]
    s173: Option<S173>,
    #[hcl(block)]
    s174: Option<S174>,
    #[hcl(block)]
    s175: Option<S175>,
    #[hcl(block)]
    s176: Option<S176>,
    #[hcl(block)]
    s177: Option<S177>,
    #[hcl(block)]
    s178: Option<S178>,
    #[hcl(block)]
    s179: Option<S179>,
    #[hcl(block)]
    s180: Option<S180>,
    #[hcl(block)]
    s181: Option<S181>,
    #[hcl(block)]
    s182: Option<S182>,
    #[hcl(block)]
    s183: Option<S183>,
    #[hcl(block)]
    s184: Option<S184>,
    #[hcl(block)]
    s185: Option<S185>,
    #[hcl(block)]
    s186: Option<S186>,
    #[hcl(block)]
    s187: Option<S187>,
    #[hcl(block)]
    s188: Option<S188>,
    #[hcl(block)]
    s189: Option<S189>,
    #[hcl(block)]
    s190: Option<S190>,
    #[hcl(block)]
    s191: Option<S191>,
    #[hcl(block)]
    s192: Option<S192>,
    #[hcl(block)]
    s193: Option<S193>,
    #[hcl(block)]
    s194: Option<S194>,
    #[hcl(block)]
    s195: Option<S195>,
    #[hcl(block)]
    s196: Option<S196>,
    #[hcl(block)]
    s197: Option<S197>,
    #[hcl(block)]
    s198: Option<S198>,
    #[hcl(block)]
    s199: Option<S199>,
}

/// A listener, keyed by its name.
#[derive(HclBody)]
struct Listener {
    #[hcl(label)]
    name: String,
    address: String,
}

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..runs {
        let start = thread_cpu_time();
        black_box(f());
        best = best.min(thread_cpu_time() - start);
    }
    best
}

fn implied(body: &edit::EditBody, into: &mut Body) {
    for a in body.attributes() {
        if into.attribute(a.name()).is_none() {
            into.attributes.push(Attribute {
                required: false,
                ..Attribute::new(a.name(), Type::Dynamic)
            });
        }
    }
    for b in body.blocks() {
        let i = match into.blocks.iter().position(|t| t.name == b.block_type()) {
            Some(i) => i,
            None => {
                into.blocks.push(BlockType {
                    name: b.block_type().to_owned(),
                    labels: (0..b.labels().len()).map(|i| format!("l{i}")).collect(),
                    nesting: Nesting::List,
                    content: BlockContent::Body(Body::new()),
                    doc: Default::default(),
                    deprecated: None,
                });
                into.blocks.len() - 1
            }
        };
        if let BlockContent::Body(inner) = &mut into.blocks[i].content {
            implied(b.body(), inner);
        }
    }
}

fn main() {
    let schema = Schema::of::<S0>();
    // The root, its 199 block types, and their listeners.
    let structs = 1 + schema.body.blocks.len();
    println!("schema of {structs} structs, best of 5, thread CPU time:");
    let of = best(5, Schema::of::<S0>);
    println!(
        "  Schema::of              {:>9.3} ms",
        of.as_secs_f64() * 1e3
    );
    for (name, f) in [
        ("to_json", Schema::to_json as fn(&Schema) -> String),
        ("to_json_schema", Schema::to_json_schema),
        ("template", Schema::template),
        ("reference_markdown", Schema::reference_markdown),
    ] {
        let len = f(&schema).len();
        let t = best(5, || f(&schema));
        println!(
            "  {name:23} {:>9.3} ms  ({} KB)",
            t.as_secs_f64() * 1e3,
            len / 1024
        );
    }
    let json = schema.to_json();
    let t = best(5, || Schema::from_json(&json).expect("reads"));
    println!(
        "  from_json               {:>9.3} ms",
        t.as_secs_f64() * 1e3
    );

    let mb: usize = std::env::var("HCL_BENCH_SCHEMA_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let native = corpus::generate(mb * MB, 42);
    let doc = Document::parse(&native, "corpus.tf").expect("the corpus parses");
    let mut implied_body = Body::new();
    implied(doc.body(), &mut implied_body);
    let corpus_schema = Schema { body: implied_body };
    let json = hcl_decode::convert::native_to_json(&native, "corpus.tf", None).expect("converts");
    let back = hcl_decode::convert::json_to_native(&json, "corpus.tf.json", Some(&corpus_schema))
        .expect("converts back");
    assert!(back.len() > native.len() / 2);
    println!(
        "conversion of the generated corpus ({:.1} MB native, {:.1} MB JSON), best of 5:",
        native.len() as f64 / MB as f64,
        json.len() as f64 / MB as f64
    );
    let to_json = best(5, || {
        hcl_decode::convert::native_to_json(&native, "corpus.tf", None).expect("converts")
    });
    println!(
        "  native -> JSON   {:>8.1} ms  {:>7.1} MB/s",
        to_json.as_secs_f64() * 1e3,
        native.len() as f64 / MB as f64 / to_json.as_secs_f64()
    );
    let to_native = best(5, || {
        hcl_decode::convert::json_to_native(&json, "corpus.tf.json", Some(&corpus_schema))
            .expect("converts")
    });
    println!(
        "  JSON -> native   {:>8.1} ms  {:>7.1} MB/s",
        to_native.as_secs_f64() * 1e3,
        json.len() as f64 / MB as f64 / to_native.as_secs_f64()
    );
    // The parts: each conversion checks its input with the syntax's own
    // parser (for its diagnostics), and the native output is formatted.
    let parse = best(5, || {
        hcl_core::native::parse_config_str(&native, "corpus.tf")
    });
    let parse_json = best(5, || {
        hcl_core::json::parse(json.as_bytes(), "corpus.tf.json")
    });
    let format = best(5, || hcl_core::format::format_str(&back));
    println!(
        "  of which: native parse {:.1} ms, JSON parse {:.1} ms, formatting the output {:.1} ms",
        parse.as_secs_f64() * 1e3,
        parse_json.as_secs_f64() * 1e3,
        format.as_secs_f64() * 1e3
    );
}
