// Command record evaluates HCL expressions with go-cty's function/stdlib
// (under the names Terraform gives them) and HashiCorp's ext/tryfunc, and
// prints what Go gives for each, one JSON object a line. It is how the
// expected files of the differential test were made; the test itself
// needs no Go. To re-record (from this directory):
//
//	G=$(mktemp -d); mkdir -p $G/src/record && cp record.go $G/src/record/
//	GOPATH=$G:/usr/share/gocode GO111MODULE=off go build -o /tmp/record record
//	for f in cases/*.txt; do /tmp/record < $f > expected/$(basename $f .txt).jsonl; done
//
// A case is one line holding one expression; blank lines and lines
// starting with '#' are skipped. The variables the cases may use are
// declared in variables() and mirrored by the Rust test.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// functions is go-cty's stdlib under Terraform's names.
func functions() map[string]function.Function {
	return map[string]function.Function{
		"abs":             stdlib.AbsoluteFunc,
		"can":             tryfunc.CanFunc,
		"ceil":            stdlib.CeilFunc,
		"chomp":           stdlib.ChompFunc,
		"chunklist":       stdlib.ChunklistFunc,
		"coalesce":        stdlib.CoalesceFunc,
		"coalescelist":    stdlib.CoalesceListFunc,
		"compact":         stdlib.CompactFunc,
		"concat":          stdlib.ConcatFunc,
		"contains":        stdlib.ContainsFunc,
		"csvdecode":       stdlib.CSVDecodeFunc,
		"distinct":        stdlib.DistinctFunc,
		"element":         stdlib.ElementFunc,
		"flatten":         stdlib.FlattenFunc,
		"floor":           stdlib.FloorFunc,
		"format":          stdlib.FormatFunc,
		"formatdate":      stdlib.FormatDateFunc,
		"formatlist":      stdlib.FormatListFunc,
		"indent":          stdlib.IndentFunc,
		"join":            stdlib.JoinFunc,
		"jsondecode":      stdlib.JSONDecodeFunc,
		"jsonencode":      stdlib.JSONEncodeFunc,
		"keys":            stdlib.KeysFunc,
		"length":          stdlib.LengthFunc,
		"log":             stdlib.LogFunc,
		"lookup":          stdlib.LookupFunc,
		"lower":           stdlib.LowerFunc,
		"max":             stdlib.MaxFunc,
		"merge":           stdlib.MergeFunc,
		"min":             stdlib.MinFunc,
		"parseint":        stdlib.ParseIntFunc,
		"pow":             stdlib.PowFunc,
		"range":           stdlib.RangeFunc,
		"regex":           stdlib.RegexFunc,
		"regexall":        stdlib.RegexAllFunc,
		"regex_replace":   stdlib.RegexReplaceFunc,
		"replace":         stdlib.ReplaceFunc,
		"reverse":         stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc,
		"setproduct":      stdlib.SetProductFunc,
		"setsubtract":     stdlib.SetSubtractFunc,
		"setunion":        stdlib.SetUnionFunc,
		"signum":          stdlib.SignumFunc,
		"slice":           stdlib.SliceFunc,
		"sort":            stdlib.SortFunc,
		"split":           stdlib.SplitFunc,
		"strrev":          stdlib.ReverseFunc,
		"substr":          stdlib.SubstrFunc,
		"timeadd":         stdlib.TimeAddFunc,
		"title":           stdlib.TitleFunc,
		"tobool":          stdlib.MakeToFunc(cty.Bool),
		"tolist":          stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"tomap":           stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
		"tonumber":        stdlib.MakeToFunc(cty.Number),
		"toset":           stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
		"tostring":        stdlib.MakeToFunc(cty.String),
		"trim":            stdlib.TrimFunc,
		"trimprefix":      stdlib.TrimPrefixFunc,
		"trimspace":       stdlib.TrimSpaceFunc,
		"trimsuffix":      stdlib.TrimSuffixFunc,
		"try":             tryfunc.TryFunc,
		"upper":           stdlib.UpperFunc,
		"values":          stdlib.ValuesFunc,
		"zipmap":          stdlib.ZipmapFunc,
	}
}

// variables are the names the cases may use: unknown and null values of
// several types, and a few known collections.
func variables() map[string]cty.Value {
	return map[string]cty.Value{
		"u_str":  cty.UnknownVal(cty.String),
		"u_num":  cty.UnknownVal(cty.Number),
		"u_bool": cty.UnknownVal(cty.Bool),
		"u_list": cty.UnknownVal(cty.List(cty.String)),
		"u_map":  cty.UnknownVal(cty.Map(cty.String)),
		"u_set":  cty.UnknownVal(cty.Set(cty.String)),
		"u_dyn":  cty.DynamicVal,
		"n_str":  cty.NullVal(cty.String),
		"n_num":  cty.NullVal(cty.Number),
		"n_list": cty.NullVal(cty.List(cty.String)),
		"n_dyn":  cty.NullVal(cty.DynamicPseudoType),
		"l_str":  cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b"), cty.StringVal("c")}),
		"l_num":  cty.ListVal([]cty.Value{cty.NumberIntVal(1), cty.NumberIntVal(2), cty.NumberIntVal(3)}),
		"l_part": cty.ListVal([]cty.Value{cty.StringVal("a"), cty.UnknownVal(cty.String)}),
		"s_str":  cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}),
		"s_num":  cty.SetVal([]cty.Value{cty.NumberIntVal(1), cty.NumberIntVal(2)}),
		"m_str":  cty.MapVal(map[string]cty.Value{"a": cty.StringVal("x"), "b": cty.StringVal("y")}),
		"m_num":  cty.MapVal(map[string]cty.Value{"a": cty.NumberIntVal(1), "b": cty.NumberIntVal(2)}),
	}
}

type diag struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
	Subject  string `json:"subject,omitempty"`
}

type result struct {
	Expr  string          `json:"expr"`
	Type  json.RawMessage `json:"type,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Diags []diag          `json:"diags,omitempty"`
}

// encode writes a value as JSON: numbers exactly, unknown values as
// {"$unknown":true}, sets in cty's order, object and map keys sorted.
func encode(v cty.Value) interface{} {
	switch {
	case !v.IsKnown():
		return map[string]bool{"$unknown": true}
	case v.IsNull():
		return nil
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		return v.AsString()
	case ty == cty.Number:
		return json.Number(v.AsBigFloat().Text('f', -1))
	case ty == cty.Bool:
		return v.True()
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		out := []interface{}{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			out = append(out, encode(e))
		}
		return out
	case ty.IsMapType() || ty.IsObjectType():
		out := map[string]interface{}{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			out[k.AsString()] = encode(e)
		}
		return out
	}
	return fmt.Sprintf("<%s>", ty.FriendlyName())
}

func rangeText(r *hcl.Range) string {
	if r == nil {
		return ""
	}
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

func main() {
	_ = big.NewFloat
	ctx := &hcl.EvalContext{Variables: variables(), Functions: functions()}
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for scanner.Scan() {
		line := scanner.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		res := result{Expr: line}
		expr, diags := hclsyntax.ParseExpression([]byte(line), "case.hcl", hcl.InitialPos)
		if !diags.HasErrors() {
			val, evalDiags := expr.Value(ctx)
			diags = append(diags, evalDiags...)
			if !evalDiags.HasErrors() {
				ty, err := ctyjson.MarshalType(val.Type())
				if err != nil {
					panic(err)
				}
				res.Type = ty
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(encode(val)); err != nil {
					panic(err)
				}
				res.Value = bytes.TrimSpace(buf.Bytes())
			}
		}
		for _, d := range diags {
			sev := "error"
			if d.Severity == hcl.DiagWarning {
				sev = "warning"
			}
			res.Diags = append(res.Diags, diag{Severity: sev, Summary: d.Summary, Detail: d.Detail, Subject: rangeText(d.Subject)})
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			panic(err)
		}
		out.Write(buf.Bytes())
	}
}
