// The edits whose results hcl-core/src/edit/tests.rs expects (the cases
// marked "Go" there), through HashiCorp's hclwrite and hclwrite.Format.
// Build in GOPATH mode against Debian's golang-github-hashicorp-hcl-v2-dev:
//   G=$(mktemp -d); mkdir -p $G/src/x && cp scripts/hclwrite-edits.go $G/src/x/main.go &&
//   (cd $G/src/x && GOPATH=$G:/usr/share/gocode GO111MODULE=off go run .)
// (RAW is File.Bytes(), FMT the same after Format.)
package main

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

func show(name string, f *hclwrite.File) {
	fmt.Printf("== %s\nRAW %q\nFMT %q\n", name, string(f.Bytes()), string(hclwrite.Format(f.Bytes())))
}

func parse(s string) *hclwrite.File {
	f, d := hclwrite.ParseConfig([]byte(s), "t.hcl", hcl.InitialPos)
	if d.HasErrors() {
		panic(d.Error())
	}
	return f
}

func main() {
	f := parse("a   = 1 # one\nbbb = 2\n")
	f.Body().SetAttributeValue("a", cty.NumberIntVal(10))
	show("set_existing", f)

	f = parse("service \"web\" {\n  port = 80\n}\n")
	f.Body().FirstMatchingBlock("service", []string{"web"}).Body().SetAttributeValue("name", cty.StringVal("web"))
	show("set_new_in_block", f)

	f = parse("b {\n  a = 1 # c\n}\n")
	f.Body().FirstMatchingBlock("b", nil).Body().RemoveAttribute("a")
	show("remove_last_attribute", f)

	f = parse("# top\n\n# lead\nx {\n  y = 1\n}\n# after\nz = 1\n")
	f.Body().RemoveBlock(f.Body().FirstMatchingBlock("x", nil))
	show("remove_block_between_comments", f)

	f = hclwrite.NewEmptyFile()
	b := f.Body().AppendNewBlock("terraform", nil)
	b.Body().SetAttributeValue("required_version", cty.StringVal(">= 1.5"))
	show("append_block_from_scratch", f)

	f = parse("a = 1\n")
	b = f.Body().AppendNewBlock("b", []string{"l1", "l2"})
	show("append_empty_block", f)

	f = parse("x {\n}\n")
	f.Body().FirstMatchingBlock("x", nil).Body().AppendNewBlock("y", []string{"z"}).Body().SetAttributeValue("k", cty.True)
	show("append_block_to_empty_body", f)

	f = parse("a = 1\r\nb = 2\r\n")
	f.Body().SetAttributeValue("c", cty.StringVal("x"))
	show("crlf_new", f)

	f = parse("a {\n  b {\n    c  = 1\n  }\n}\n")
	f.Body().FirstMatchingBlock("a", nil).Body().FirstMatchingBlock("b", nil).Body().SetAttributeValue("long_name", cty.TupleVal([]cty.Value{cty.NumberIntVal(1), cty.NumberIntVal(2)}))
	show("nested_new_aligned", f)

	f = parse("# doc\nold \"x\" \"y\" {\n  a = 1\n}\n")
	blk := f.Body().FirstMatchingBlock("old", []string{"x", "y"})
	blk.SetType("new")
	blk.SetLabels([]string{"z"})
	show("rename", f)

	f = parse("a = 1 # one\nb = 2\n")
	f.Body().SetAttributeValue("a", cty.StringVal("a much longer value"))
	show("set_existing_longer_with_comment", f)
}
