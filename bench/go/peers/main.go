// Command peers is Go's side of benches/peers.rs: HashiCorp's HCL doing
// each phase the Rust side measures, on the same files.
//
// Usage: peers DIR HCLDEC-INPUT
//
// DIR holds the corpus as benches/peers.rs wrote it (index.txt, the files,
// decode.txt naming the files of the decoding phases). The program loads
// everything, prints "functions NAME..." (its function table, so the Rust
// side evaluates with the same names) and "ready", then serves requests
// on standard input, one phase name a line, answering
// PHASE<TAB>NANOSECONDS<TAB>BYTES<TAB>ERRORS: one pass of the phase over
// its input, timed by the process's CPU time (user and system, all
// threads: the garbage collector's work counts).
//
// Phases: parse (hclsyntax.ParseConfig), from_str and derive (both
// hclsyntax.ParseConfig + gohcl.DecodeBody into the Terraform-style structs
// below), eval (Value of every expression of every
// file but those of attributes named type, type constraints; prepared
// beforehand), lossless (hclwrite.ParseConfig), format
// (hclwrite.Format), hcldec (hcldec.Decode with the service spec, then
// cty's JSON, on HCLDEC-INPUT).
package main

import (
	"bufio"
	"ctyfuncs"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		panic(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

type input struct {
	name string
	src  []byte
}

func load(dir, list string) []input {
	index, err := os.ReadFile(filepath.Join(dir, list))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var files []input
	for _, line := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		if line == "" {
			continue
		}
		stored := strings.SplitN(line, "\t", 2)[0]
		src, err := os.ReadFile(filepath.Join(dir, stored))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		files = append(files, input{stored, src})
	}
	return files
}

// The Terraform-style structs of the decoding phase (the same fields as
// benches/peers.rs's derived structs).
type tfFile struct {
	Terraform []remainBlock `hcl:"terraform,block"`
	Provider  []provider    `hcl:"provider,block"`
	Variable  []variable    `hcl:"variable,block"`
	Locals    []locals      `hcl:"locals,block"`
	Output    []output      `hcl:"output,block"`
	Module    []module      `hcl:"module,block"`
	Resource  []resource    `hcl:"resource,block"`
	Data      []resource    `hcl:"data,block"`
	Remain    hcl.Body      `hcl:",remain"`
}

type remainBlock struct {
	Remain hcl.Body `hcl:",remain"`
}

type provider struct {
	Name   string         `hcl:"name,label"`
	Alias  hcl.Expression `hcl:"alias,optional"`
	Region hcl.Expression `hcl:"region,optional"`
	Remain hcl.Body       `hcl:",remain"`
}

type variable struct {
	Name        string         `hcl:"name,label"`
	Description hcl.Expression `hcl:"description,optional"`
	Type        hcl.Expression `hcl:"type,optional"`
	Default     hcl.Expression `hcl:"default,optional"`
	Sensitive   hcl.Expression `hcl:"sensitive,optional"`
	Nullable    hcl.Expression `hcl:"nullable,optional"`
	Validation  []validation   `hcl:"validation,block"`
}

type validation struct {
	Condition    hcl.Expression `hcl:"condition"`
	ErrorMessage hcl.Expression `hcl:"error_message"`
}

type locals struct {
	Values hcl.Attributes `hcl:",remain"`
}

type output struct {
	Name        string         `hcl:"name,label"`
	Value       hcl.Expression `hcl:"value"`
	Description hcl.Expression `hcl:"description,optional"`
	Sensitive   hcl.Expression `hcl:"sensitive,optional"`
	DependsOn   hcl.Expression `hcl:"depends_on,optional"`
	Remain      hcl.Body       `hcl:",remain"`
}

type module struct {
	Name      string         `hcl:"name,label"`
	Source    hcl.Expression `hcl:"source"`
	Version   hcl.Expression `hcl:"version,optional"`
	Count     hcl.Expression `hcl:"count,optional"`
	ForEach   hcl.Expression `hcl:"for_each,optional"`
	Providers hcl.Expression `hcl:"providers,optional"`
	DependsOn hcl.Expression `hcl:"depends_on,optional"`
	Remain    hcl.Body       `hcl:",remain"`
}

type resource struct {
	Type      string         `hcl:"type,label"`
	Name      string         `hcl:"name,label"`
	Count     hcl.Expression `hcl:"count,optional"`
	ForEach   hcl.Expression `hcl:"for_each,optional"`
	Provider  hcl.Expression `hcl:"provider,optional"`
	DependsOn hcl.Expression `hcl:"depends_on,optional"`
	Lifecycle []remainBlock  `hcl:"lifecycle,block"`
	Remain    hcl.Body       `hcl:",remain"`
}

// serviceSpec is the spec of scripts/compare-hcldec.sh and
// benches/peers.rs's hcldec phase, built in code.
func serviceSpec() hcldec.Spec {
	attr := func(name string, ty cty.Type, required bool) hcldec.Spec {
		return &hcldec.AttrSpec{Name: name, Type: ty, Required: required}
	}
	return hcldec.ObjectSpec{
		"region":  attr("region", cty.String, true),
		"version": attr("version", cty.Number, false),
		"service": &hcldec.BlockMapSpec{
			TypeName:   "service",
			LabelNames: []string{"name"},
			Nested: hcldec.ObjectSpec{
				"image":       attr("image", cty.String, true),
				"port":        attr("port", cty.Number, false),
				"replicas":    attr("replicas", cty.Number, false),
				"enabled":     attr("enabled", cty.Bool, false),
				"weight":      attr("weight", cty.Number, false),
				"tags":        attr("tags", cty.List(cty.String), false),
				"env":         attr("env", cty.Map(cty.String), false),
				"description": attr("description", cty.String, false),
				"limits":      attr("limits", cty.Object(map[string]cty.Type{"cpu": cty.Number, "memory": cty.String}), false),
				"endpoint": &hcldec.BlockListSpec{
					TypeName: "endpoint",
					Nested: hcldec.ObjectSpec{
						"path":    attr("path", cty.String, false),
						"timeout": attr("timeout", cty.Number, false),
						"methods": attr("methods", cty.Set(cty.String), false),
					},
				},
				"health": &hcldec.BlockSpec{
					TypeName: "health",
					Nested: hcldec.ObjectSpec{
						"interval": attr("interval", cty.Number, false),
						"command":  attr("command", cty.List(cty.String), false),
					},
				},
			},
		},
	}
}

// expressions collects every expression of a body, nested blocks included.
func expressions(body *hclsyntax.Body, out []hclsyntax.Expression) []hclsyntax.Expression {
	names := make([]string, 0, len(body.Attributes))
	for name := range body.Attributes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		// A type constraint is not a value (benches/peers.rs skips it too).
		if name != "type" {
			out = append(out, body.Attributes[name].Expr)
		}
	}
	for _, block := range body.Blocks {
		out = expressions(block.Body, out)
	}
	return out
}

func size(files []input) int {
	n := 0
	for _, f := range files {
		n += len(f.src)
	}
	return n
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: peers DIR HCLDEC-INPUT")
		os.Exit(2)
	}
	dir := os.Args[1]
	all := load(dir, "index.txt")
	decodeSet := load(dir, "decode.txt")
	hcldecInput, err := os.ReadFile(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	functions := ctyfuncs.Functions()
	var exprs []hclsyntax.Expression
	variables := map[string]cty.Value{}
	for _, f := range all {
		file, diags := hclsyntax.ParseConfig(f.src, f.name, hcl.InitialPos)
		if diags.HasErrors() {
			fmt.Fprintf(os.Stderr, "%s: %s\n", f.name, diags.Error())
			os.Exit(1)
		}
		exprs = expressions(file.Body.(*hclsyntax.Body), exprs)
	}
	for _, e := range exprs {
		for _, t := range e.Variables() {
			variables[t.RootName()] = cty.DynamicVal
		}
	}
	ctx := &hcl.EvalContext{Variables: variables, Functions: functions}
	spec := serviceSpec()

	phases := map[string]func() (int, int){
		"parse": func() (int, int) {
			errors := 0
			for _, f := range all {
				_, diags := hclsyntax.ParseConfig(f.src, f.name, hcl.InitialPos)
				if diags.HasErrors() {
					errors++
				}
			}
			return size(all), errors
		},
		"from_str": func() (int, int) {
			errors := 0
			for _, f := range decodeSet {
				file, diags := hclsyntax.ParseConfig(f.src, f.name, hcl.InitialPos)
				var out tfFile
				diags = append(diags, gohcl.DecodeBody(file.Body, nil, &out)...)
				if diags.HasErrors() {
					errors++
				}
			}
			return size(decodeSet), errors
		},
		"eval": func() (int, int) {
			errors := 0
			for _, e := range exprs {
				if _, diags := e.Value(ctx); diags.HasErrors() {
					errors++
				}
			}
			return size(all), errors
		},
		"lossless": func() (int, int) {
			errors := 0
			for _, f := range all {
				if _, diags := hclwrite.ParseConfig(f.src, f.name, hcl.InitialPos); diags.HasErrors() {
					errors++
				}
			}
			return size(all), errors
		},
		"format": func() (int, int) {
			for _, f := range all {
				hclwrite.Format(f.src)
			}
			return size(all), 0
		},
		"hcldec": func() (int, int) {
			file, diags := hclsyntax.ParseConfig(hcldecInput, "input.hcl", hcl.InitialPos)
			val, more := hcldec.Decode(file.Body, spec, nil)
			diags = append(diags, more...)
			if _, err := ctyjson.Marshal(val, val.Type()); err != nil {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: err.Error()})
			}
			errors := 0
			if diags.HasErrors() {
				errors = 1
			}
			return len(hcldecInput), errors
		},
	}

	// Go has one way to decode into structs: both decoding phases are it.
	phases["derive"] = phases["from_str"]

	out := bufio.NewWriter(os.Stdout)
	names := make([]string, 0, len(functions))
	for name := range functions {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintf(out, "functions %s\nready\n", strings.Join(names, " "))
	out.Flush()
	requests := bufio.NewScanner(os.Stdin)
	for requests.Scan() {
		name := requests.Text()
		phase, ok := phases[name]
		if !ok {
			fmt.Fprintf(out, "%s\t-\t0\t0\n", name)
			out.Flush()
			continue
		}
		start := cpuTime()
		bytes, errors := phase()
		elapsed := cpuTime() - start
		fmt.Fprintf(out, "%s\t%d\t%d\t%d\n", name, elapsed.Nanoseconds(), bytes, errors)
		out.Flush()
	}
}
