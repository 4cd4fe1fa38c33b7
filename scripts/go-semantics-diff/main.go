// Reads cases (one a line, fields separated by ";") and prints go-cty's answer
// for each; used by run.sh next to it.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func parse(s string) cty.Type {
	expr, diags := hclsyntax.ParseExpression([]byte(s), "t", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		panic(diags.Error())
	}
	ty, diags := typeexpr.TypeConstraint(expr)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	return ty
}

func show(t cty.Type) string {
	if t == cty.NilType {
		return "none"
	}
	return strings.ReplaceAll(typeexpr.TypeString(t), " ", "")
}

func value(src string) cty.Value {
	expr, diags := hclsyntax.ParseExpression([]byte(src), "t", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		panic(diags.Error())
	}
	v, diags := expr.Value(nil)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	return v
}

func showValue(v cty.Value) string {
	if !v.IsWhollyKnown() {
		return show(v.Type()) + " unknown"
	}
	j, err := ctyjson.Marshal(v, v.Type())
	if err != nil {
		return show(v.Type()) + " unmarshalable"
	}
	return show(v.Type()) + " " + string(j)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		parts := strings.Split(line, ";")
		switch parts[0] {
		case "unify":
			var tys []cty.Type
			for _, p := range parts[1:] {
				tys = append(tys, parse(p))
			}
			u, _ := convert.UnifyUnsafe(tys)
			fmt.Println(show(u))
		case "eq":
			a, b := value(parts[1]), value(parts[2])
			if len(parts) > 3 {
				a = cty.UnknownVal(a.Type())
			}
			fmt.Println(a.Equals(b).GoString())
		case "uval":
			a, b := value(parts[1]), value(parts[2])
			ty, convs := convert.UnifyUnsafe([]cty.Type{a.Type(), b.Type()})
			if ty == cty.NilType {
				fmt.Println("none")
				continue
			}
			out := show(ty)
			for i, v := range []cty.Value{a, b} {
				if convs[i] != nil {
					c, err := convs[i](v)
					if err != nil {
						out += " ~ error"
						continue
					}
					v = c
				}
				out += " ~ " + showValue(v)
			}
			fmt.Println(out)
		case "val":
			expr, diags := hclsyntax.ParseExpression([]byte(parts[1]), "t", hcl.Pos{Line: 1, Column: 1})
			if diags.HasErrors() {
				panic(diags.Error())
			}
			v, diags := expr.Value(nil)
			if diags.HasErrors() {
				panic(diags.Error())
			}
			r, err := convert.Convert(v, parse(parts[2]))
			if err != nil {
				fmt.Println("error")
				continue
			}
			j, err := ctyjson.Marshal(r, r.Type())
			if err != nil {
				fmt.Println(show(r.Type()) + " unmarshalable")
				continue
			}
			fmt.Println(show(r.Type()) + " " + string(j))
		case "conv":
			a, b := parse(parts[1]), parse(parts[2])
			s := "none"
			if convert.GetConversion(a, b) != nil {
				s = "safe"
			} else if convert.GetConversionUnsafe(a, b) != nil {
				s = "unsafe"
			}
			fmt.Println(s)
		}
	}
}
