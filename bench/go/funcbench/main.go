// Command funcbench times the calls of ../../data/function-calls.txt with
// go-cty's function/stdlib under Terraform's names (the table of package
// ctyfuncs), the peer of benches/functions.rs.
//
// It loads and checks every call, prints "ready", then serves requests on
// standard input, one family name a line: it evaluates every call of that
// family in rounds for 200 ms of CPU time and answers
// FAMILY<TAB>NANOSECONDS-PER-CALL<TAB>CALLS-PER-ROUND, by the process's CPU
// time (user and system, all threads: the garbage collector's work counts),
// so that the Rust side can interleave its own measurements with Go's.
//
// benches/functions.rs builds and runs it (GOPATH mode, Debian's
// golang-github-zclconf-go-cty-dev and golang-github-hashicorp-hcl-v2-dev).
package main

import (
	"bufio"
	"ctyfuncs"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// cpuTime is the process's CPU time so far (user and system).
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		panic(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func main() {
	path := "data/function-calls.txt"
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	file, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ctx := &hcl.EvalContext{Functions: ctyfuncs.Functions()}
	families := map[string][]hclsyntax.Expression{}
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		line := scanner.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 2)
		expr, diags := hclsyntax.ParseExpression([]byte(parts[1]), "bench", hcl.InitialPos)
		if diags.HasErrors() {
			fmt.Fprintln(os.Stderr, diags.Error())
			os.Exit(1)
		}
		if _, diags := expr.Value(ctx); diags.HasErrors() {
			fmt.Fprintf(os.Stderr, "%s: %s\n", parts[1], diags.Error())
			os.Exit(1)
		}
		families[parts[0]] = append(families[parts[0]], expr)
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	out.Flush()
	requests := bufio.NewScanner(os.Stdin)
	for requests.Scan() {
		name := requests.Text()
		exprs, ok := families[name]
		if !ok || len(exprs) == 0 {
			fmt.Fprintf(out, "%s\t-\t0\n", name)
			out.Flush()
			continue
		}
		start := cpuTime()
		rounds := 0
		for cpuTime()-start < 200*time.Millisecond {
			for _, e := range exprs {
				e.Value(ctx)
			}
			rounds++
		}
		per := float64(cpuTime()-start) / float64(rounds*len(exprs))
		fmt.Fprintf(out, "%s\t%.1f\t%d\n", name, per, len(exprs))
		out.Flush()
	}
}
