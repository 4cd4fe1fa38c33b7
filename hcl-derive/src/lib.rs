//! hcl-derive (filled by a later issue).
