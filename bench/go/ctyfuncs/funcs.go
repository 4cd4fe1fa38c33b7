// Package ctyfuncs is the function table the Go peers evaluate with:
// go-cty's function/stdlib under Terraform's names, and Go versions of the
// Terraform functions cty lacks (the hashes, base64, urlencode and the
// CIDR functions), written as Terraform writes them, and HCL's try and can. Shared by funcbench
// and peers.
package ctyfuncs

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/big"
	"net"
	"net/url"

	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

func stringFunc(f func(string) (string, error)) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			s, err := f(args[0].AsString())
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			return cty.StringVal(s), nil
		},
	})
}

func hexHash(h func([]byte) []byte) function.Function {
	return stringFunc(func(s string) (string, error) { return hex.EncodeToString(h([]byte(s))), nil })
}

func cidrFuncs() map[string]function.Function {
	host := function.New(&function.Spec{
		Params: []function.Parameter{{Name: "prefix", Type: cty.String}, {Name: "hostnum", Type: cty.Number}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			_, network, err := net.ParseCIDR(args[0].AsString())
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			n, _ := args[1].AsBigFloat().Int(nil)
			ip := new(big.Int).SetBytes(network.IP)
			ip.Add(ip, n)
			b := ip.FillBytes(make([]byte, len(network.IP)))
			return cty.StringVal(net.IP(b).String()), nil
		},
	})
	subnet := function.New(&function.Spec{
		Params: []function.Parameter{{Name: "prefix", Type: cty.String}, {Name: "newbits", Type: cty.Number}, {Name: "netnum", Type: cty.Number}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			_, network, err := net.ParseCIDR(args[0].AsString())
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			newbits, _ := args[1].AsBigFloat().Int64()
			num, _ := args[2].AsBigFloat().Int(nil)
			ones, bits := network.Mask.Size()
			newLen := ones + int(newbits)
			if newLen > bits {
				return cty.UnknownVal(cty.String), fmt.Errorf("insufficient address space")
			}
			ip := new(big.Int).SetBytes(network.IP)
			ip.Or(ip, num.Lsh(num, uint(bits-newLen)))
			b := ip.FillBytes(make([]byte, len(network.IP)))
			return cty.StringVal((&net.IPNet{IP: b, Mask: net.CIDRMask(newLen, bits)}).String()), nil
		},
	})
	mask := stringFunc(func(s string) (string, error) {
		_, network, err := net.ParseCIDR(s)
		if err != nil {
			return "", err
		}
		return net.IP(network.Mask).String(), nil
	})
	return map[string]function.Function{"cidrhost": host, "cidrsubnet": subnet, "cidrnetmask": mask}
}

// Functions is the table, by name.
func Functions() map[string]function.Function {
	fs := map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "chomp": stdlib.ChompFunc,
		"chunklist": stdlib.ChunklistFunc, "coalesce": stdlib.CoalesceFunc, "coalescelist": stdlib.CoalesceListFunc, "compact": stdlib.CompactFunc,
		"concat": stdlib.ConcatFunc, "contains": stdlib.ContainsFunc, "csvdecode": stdlib.CSVDecodeFunc,
		"distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc, "flatten": stdlib.FlattenFunc,
		"floor": stdlib.FloorFunc, "format": stdlib.FormatFunc, "formatdate": stdlib.FormatDateFunc,
		"formatlist": stdlib.FormatListFunc, "indent": stdlib.IndentFunc, "join": stdlib.JoinFunc,
		"jsondecode": stdlib.JSONDecodeFunc, "jsonencode": stdlib.JSONEncodeFunc, "keys": stdlib.KeysFunc,
		"length": stdlib.LengthFunc, "log": stdlib.LogFunc, "lookup": stdlib.LookupFunc,
		"lower": stdlib.LowerFunc, "max": stdlib.MaxFunc, "merge": stdlib.MergeFunc, "min": stdlib.MinFunc,
		"parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc, "range": stdlib.RangeFunc,
		"regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc, "replace": stdlib.ReplaceFunc,
		"reverse": stdlib.ReverseListFunc, "setintersection": stdlib.SetIntersectionFunc,
		"setproduct": stdlib.SetProductFunc, "setsubtract": stdlib.SetSubtractFunc,
		"setunion": stdlib.SetUnionFunc, "signum": stdlib.SignumFunc, "slice": stdlib.SliceFunc,
		"sort": stdlib.SortFunc, "split": stdlib.SplitFunc, "strrev": stdlib.ReverseFunc,
		"substr": stdlib.SubstrFunc, "timeadd": stdlib.TimeAddFunc, "title": stdlib.TitleFunc,
		"trim": stdlib.TrimFunc, "trimprefix": stdlib.TrimPrefixFunc, "trimspace": stdlib.TrimSpaceFunc,
		"trimsuffix": stdlib.TrimSuffixFunc, "upper": stdlib.UpperFunc, "values": stdlib.ValuesFunc,
		"zipmap": stdlib.ZipmapFunc,
		"tobool": stdlib.MakeToFunc(cty.Bool), "tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)), "tonumber": stdlib.MakeToFunc(cty.Number),
		"toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)), "tostring": stdlib.MakeToFunc(cty.String),
		"md5":    hexHash(func(b []byte) []byte { s := md5.Sum(b); return s[:] }),
		"sha1":   hexHash(func(b []byte) []byte { s := sha1.Sum(b); return s[:] }),
		"sha256": hexHash(func(b []byte) []byte { s := sha256.Sum256(b); return s[:] }),
		"sha512": hexHash(func(b []byte) []byte { s := sha512.Sum512(b); return s[:] }),
		"base64sha256": stringFunc(func(s string) (string, error) {
			h := sha256.Sum256([]byte(s))
			return base64.StdEncoding.EncodeToString(h[:]), nil
		}),
		"base64encode": stringFunc(func(s string) (string, error) { return base64.StdEncoding.EncodeToString([]byte(s)), nil }),
		"base64decode": stringFunc(func(s string) (string, error) {
			b, err := base64.StdEncoding.DecodeString(s)
			return string(b), err
		}),
		"try":       tryfunc.TryFunc,
		"can":       tryfunc.CanFunc,
		"urlencode": stringFunc(func(s string) (string, error) { return url.QueryEscape(s), nil }),
	}
	// Terraform's replace: a /.../ pattern is a regular expression.
	fs["replace"] = function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}, {Name: "substr", Type: cty.String}, {Name: "replace", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			sub := args[1].AsString()
			if len(sub) > 1 && sub[0] == '/' && sub[len(sub)-1] == '/' {
				return stdlib.RegexReplace(args[0], cty.StringVal(sub[1:len(sub)-1]), args[2])
			}
			return stdlib.Replace(args[0], args[1], args[2])
		},
	})
	for k, v := range cidrFuncs() {
		fs[k] = v
	}
	return fs
}
