//! Type constraint expressions (`list(string)`, `object({...})`): being written.
