//! hcl-decode (filled by a later issue).
