// The Go half of run.sh (next to it). Two modes:
//
//	main extract FILE...   writes, for every attribute expression of the
//	                       native-syntax files, a case (to standard output):
//	                       the functions it calls and the variables it
//	                       references, then its source text
//	main eval <CASES       evaluates each case with every variable unknown
//	                       (cty.DynamicVal) and every function a stub that
//	                       returns an unknown value; prints one line a case
//
// A case is "\x1e" "\n", a header line ("funcs\tvars", each a comma-separated
// list), and the expression's text up to the next record separator.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func main() {
	switch os.Args[1] {
	case "extract":
		extract(os.Args[2:])
	case "eval":
		evaluate()
	}
}

func extract(files []string) {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		f, diags := hclsyntax.ParseConfig(src, name, hcl.Pos{Line: 1, Column: 1, Byte: 0})
		if diags.HasErrors() {
			continue
		}
		body, ok := f.Body.(*hclsyntax.Body)
		if !ok {
			continue
		}
		walk(body, src, out)
	}
}

func walk(body *hclsyntax.Body, src []byte, out io.Writer) {
	names := make([]string, 0, len(body.Attributes))
	for n := range body.Attributes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		expr := body.Attributes[n].Expr
		r := expr.Range()
		text := string(src[r.Start.Byte:r.End.Byte])
		if strings.Contains(text, "\x1e") {
			continue
		}
		funcs := map[string]bool{}
		hclsyntax.VisitAll(expr, func(node hclsyntax.Node) hcl.Diagnostics {
			if call, ok := node.(*hclsyntax.FunctionCallExpr); ok {
				funcs[call.Name] = true
			}
			return nil
		})
		vars := map[string]bool{}
		for _, t := range expr.Variables() {
			vars[t.RootName()] = true
		}
		fmt.Fprintf(out, "\x1e\n%s\t%s\n%s\n", join(funcs), join(vars), text)
	}
	for _, b := range body.Blocks {
		walk(b.Body, src, out)
	}
}

func join(set map[string]bool) string {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

var stub = function.New(&function.Spec{
	VarParam: &function.Parameter{
		Name:             "args",
		Type:             cty.DynamicPseudoType,
		AllowNull:        true,
		AllowUnknown:     true,
		AllowDynamicType: true,
		AllowMarked:      true,
	},
	Type: function.StaticReturnType(cty.DynamicPseudoType),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		return cty.DynamicVal, nil
	},
})

func evaluate() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		panic(err)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, rec := range strings.Split(string(data), "\x1e\n")[1:] {
		header, text, _ := strings.Cut(rec, "\n")
		text = strings.TrimSuffix(text, "\n")
		funcs, vars, _ := strings.Cut(header, "\t")
		ctx := &hcl.EvalContext{
			Variables: map[string]cty.Value{},
			Functions: map[string]function.Function{},
		}
		for _, f := range strings.Split(funcs, ",") {
			if f != "" {
				ctx.Functions[f] = stub
			}
		}
		for _, v := range strings.Split(vars, ",") {
			if v != "" {
				ctx.Variables[v] = cty.DynamicVal
			}
		}
		fmt.Fprintln(out, evalOne(text, ctx))
	}
}

func evalOne(text string, ctx *hcl.EvalContext) (line string) {
	defer func() {
		if r := recover(); r != nil {
			line = "PANIC"
		}
	}()
	expr, diags := hclsyntax.ParseExpression([]byte(text), "t.hcl", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return "PARSE ERROR"
	}
	v, diags := expr.Value(ctx)
	if diags.HasErrors() {
		return "ERROR"
	}
	ty, err := ctyjson.MarshalType(v.Type())
	if err != nil {
		return "TYPE ERROR"
	}
	var b strings.Builder
	show(&b, v)
	return string(ty) + "\t" + b.String()
}

// show writes a value: ? for unknown, null, %q strings, numbers as cty's
// JSON writes them, [..] for sequences, {k:v} (keys sorted) for maps and
// objects.
func show(b *strings.Builder, v cty.Value) {
	v, _ = v.UnmarkDeep()
	switch {
	case !v.IsKnown():
		b.WriteString("?")
	case v.IsNull():
		b.WriteString("null")
	case v.Type() == cty.String:
		fmt.Fprintf(b, "%q", v.AsString())
	case v.Type() == cty.Number:
		b.WriteString(v.AsBigFloat().Text('f', -1))
	case v.Type() == cty.Bool:
		fmt.Fprintf(b, "%t", v.True())
	case v.Type().IsListType() || v.Type().IsSetType() || v.Type().IsTupleType():
		b.WriteString("[")
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			if i > 0 {
				b.WriteString(",")
			}
			_, e := it.Element()
			show(b, e)
		}
		b.WriteString("]")
	case v.Type().IsMapType() || v.Type().IsObjectType():
		b.WriteString("{")
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			if i > 0 {
				b.WriteString(",")
			}
			k, e := it.Element()
			fmt.Fprintf(b, "%q:", k.AsString())
			show(b, e)
		}
		b.WriteString("}")
	default:
		b.WriteString("<" + v.Type().FriendlyName() + ">")
	}
}
