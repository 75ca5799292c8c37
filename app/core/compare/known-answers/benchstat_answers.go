// Command benchstat_answers writes benchstat's answers for every case of cases.json to
// benchstat.json: the p-value and verdict of benchmath.AssumeNothing.Compare (the Mann-Whitney U
// test benchstat prints), each side's Summary at 95% (median, interval, its real confidence), and
// the order statistics stats.QuantileCI picks for the median at 95% for n = 2..60.
//
// Run ./generate.sh; the module's go.mod pins golang.org/x/perf.
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"

	"github.com/aclements/go-moremath/stats"
	"golang.org/x/perf/benchmath"
)

type testCase struct {
	Name string    `json:"name"`
	A    []float64 `json:"a"`
	B    []float64 `json:"b"`
}

type summary struct {
	Median     float64  `json:"median"`
	Lo         *float64 `json:"lo"` // null: -Inf (benchstat prints ±∞)
	Hi         *float64 `json:"hi"` // null: +Inf
	Confidence float64  `json:"confidence"`
	Warnings   []string `json:"warnings"`
}

type answer struct {
	Name        string   `json:"name"`
	P           float64  `json:"p"`
	Significant bool     `json:"significant"`
	Exact       bool     `json:"exact"` // whether go-moremath used the exact U distribution
	Warnings    []string `json:"warnings"`
	A           summary  `json:"a"`
	B           summary  `json:"b"`
}

type orders struct {
	Lo         int     `json:"lo"`
	Hi         int     `json:"hi"`
	Confidence float64 `json:"confidence"`
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func strs(errs []error) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func summarize(values []float64) summary {
	s := benchmath.NewSample(append([]float64(nil), values...), &benchmath.DefaultThresholds)
	sum := benchmath.AssumeNothing.Summary(s, 0.95)
	return summary{Median: sum.Center, Lo: finite(sum.Lo), Hi: finite(sum.Hi), Confidence: sum.Confidence, Warnings: strs(sum.Warnings)}
}

func hasTies(a, b []float64) bool {
	all := append(append([]float64(nil), a...), b...)
	sort.Float64s(all)
	for i := 1; i < len(all); i++ {
		if all[i] == all[i-1] {
			return true
		}
	}
	return false
}

func main() {
	raw, err := os.ReadFile("cases.json")
	if err != nil {
		panic(err)
	}
	var cases []testCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		panic(err)
	}
	var answers []answer
	for _, c := range cases {
		s1 := benchmath.NewSample(append([]float64(nil), c.A...), &benchmath.DefaultThresholds)
		s2 := benchmath.NewSample(append([]float64(nil), c.B...), &benchmath.DefaultThresholds)
		cmp := benchmath.AssumeNothing.Compare(s1, s2)
		limit := stats.MannWhitneyExactLimit
		if hasTies(c.A, c.B) {
			limit = stats.MannWhitneyTiesExactLimit
		}
		answers = append(answers, answer{
			Name: c.Name, P: cmp.P, Significant: cmp.P < cmp.Alpha, Warnings: strs(cmp.Warnings),
			Exact: len(c.A) <= limit && len(c.B) <= limit,
			A:     summarize(c.A), B: summarize(c.B),
		})
	}
	quantile := map[string]orders{}
	for n := 2; n <= 60; n++ {
		ci := stats.QuantileCI(n, 0.5, 0.95)
		quantile[fmt.Sprint(n)] = orders{Lo: ci.LoOrder, Hi: ci.HiOrder, Confidence: ci.Confidence}
	}
	out, err := json.MarshalIndent(map[string]any{"cases": answers, "median_ci_orders": quantile}, "", " ")
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile("benchstat.json", append(out, '\n'), 0o644); err != nil {
		panic(err)
	}
	fmt.Printf("benchstat: %d cases written to benchstat.json\n", len(answers))
}
