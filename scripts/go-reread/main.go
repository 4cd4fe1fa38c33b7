// What HashiCorp's Go implementation does for the five rules that
// docs/deviations.md rows 59-63 decide by the specification: length and
// hasindex of an object, number-bool unification, <<- heredocs indented
// with tabs, and gohcl with required fields set to null. run.sh builds and
// runs it (with Go's hcldec for the spec-file cases) and writes
// go-output.txt, which the go_mode_ tests of those rows quote.
package main

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

func call(name string, f func() (cty.Value, error)) {
	v, err := f()
	if err != nil {
		fmt.Printf("%s: error: %s\n", name, err)
	} else {
		fmt.Printf("%s: %#v\n", name, v)
	}
}

func eval(src string) {
	expr, diags := hclsyntax.ParseExpression([]byte(src), "t.hcl", hcl.Pos{Line: 1, Column: 1, Byte: 0})
	if diags.HasErrors() {
		fmt.Printf("%q: parse: %s\n", src, diags.Error())
		return
	}
	v, diags := expr.Value(&hcl.EvalContext{})
	if diags.HasErrors() {
		fmt.Printf("%q: error: %s\n", src, diags.Error())
		return
	}
	fmt.Printf("%q: %#v\n", src, v)
}

// A struct with required fields, as gohcl decodes it.
type required struct {
	Name string    `hcl:"name"`
	Any  cty.Value `hcl:"any"`
	Opt  *string   `hcl:"opt"`
}

func main() {
	obj := cty.ObjectVal(map[string]cty.Value{"a": cty.NumberIntVal(1), "b": cty.True})
	call("length(object)", func() (cty.Value, error) { return stdlib.LengthFunc.Call([]cty.Value{obj}) })
	call("length(empty object)", func() (cty.Value, error) { return stdlib.LengthFunc.Call([]cty.Value{cty.EmptyObjectVal}) })
	call("hasindex(object, a)", func() (cty.Value, error) {
		return stdlib.HasIndexFunc.Call([]cty.Value{obj, cty.StringVal("a")})
	})
	call("hasindex(object, z)", func() (cty.Value, error) {
		return stdlib.HasIndexFunc.Call([]cty.Value{obj, cty.StringVal("z")})
	})
	for _, unsafe := range []bool{false, true} {
		var ty cty.Type
		if unsafe {
			ty, _ = convert.UnifyUnsafe([]cty.Type{cty.Number, cty.Bool})
		} else {
			ty, _ = convert.Unify([]cty.Type{cty.Number, cty.Bool})
		}
		fmt.Printf("unify(number, bool) unsafe=%v: %#v\n", unsafe, ty)
	}
	ty, _ := convert.UnifyUnsafe([]cty.Type{cty.List(cty.Number), cty.List(cty.Bool)})
	fmt.Printf("unify(list(number), list(bool)): %#v\n", ty)
	eval("true ? 1 : false")
	eval("false ? 1 : false")
	call("coalesce(null number, true)", func() (cty.Value, error) {
		return stdlib.CoalesceFunc.Call([]cty.Value{cty.NullVal(cty.Number), cty.True})
	})
	call("concat(list(number), list(bool))", func() (cty.Value, error) {
		return stdlib.ConcatFunc.Call([]cty.Value{cty.ListVal([]cty.Value{cty.NumberIntVal(1)}), cty.ListVal([]cty.Value{cty.True})})
	})
	call("tolist([1, true])", func() (cty.Value, error) {
		return convert.Convert(cty.TupleVal([]cty.Value{cty.NumberIntVal(1), cty.True}), cty.List(cty.DynamicPseudoType))
	})
	for _, src := range []string{
		"x = <<-EOT\n\thello\n\t\tworld\nEOT\n",
		"x = <<-EOT\n\t  hello\n  \tworld\n\tEOT\n",
		"x = <<-EOT\n    a\n\tb\nEOT\n",
		"x = <<-EOT\n  a\n\t\n  b\n  EOT\n",
		"x = <<-EOT\n  \tx\n  y\n  EOT\n",
	} {
		f, diags := hclsyntax.ParseConfig([]byte(src), "h.hcl", hcl.Pos{Line: 1, Column: 1})
		if diags.HasErrors() {
			fmt.Printf("%q: parse: %s\n", src, diags.Error())
			continue
		}
		attrs, _ := f.Body.JustAttributes()
		v, diags := attrs["x"].Expr.Value(nil)
		fmt.Printf("%q: %#v %s\n", src, v, diags.Error())
	}
	src := "name = null\nany = null\nopt = null\n"
	f, diags := hclsyntax.ParseConfig([]byte(src), "g.hcl", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		fmt.Println(diags.Error())
		return
	}
	var s required
	diags = gohcl.DecodeBody(f.Body, nil, &s)
	fmt.Printf("gohcl %q:\n", src)
	for _, d := range diags {
		fmt.Printf("  %s: %s; %s\n", d.Subject, d.Summary, d.Detail)
	}
	fmt.Printf("  any = %#v\n", s.Any)
}
