package tally

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
)

var url = os.Getenv("TRIALGATE_SERVICE_URL")

// A request that cannot be made is no verdict on the service: panic, which trialgate counts as an error,
// never as a failed check (t.Fatal would be read as an assertion).
func must[T any](value T, err error) T {
	if err != nil {
		panic(err)
	}
	return value
}

func add(name string, n int) int {
	response := must(http.Post(url+"/items/"+name, "application/json", strings.NewReader(fmt.Sprintf(`{"add": %d}`, n))))
	response.Body.Close()
	return response.StatusCode
}

func count(name string) int {
	response := must(http.Get(url + "/items/" + name))
	defer response.Body.Close()
	var body struct{ Count int }
	if err := json.NewDecoder(response.Body).Decode(&body); err != nil {
		panic(err)
	}
	return body.Count
}

// @section happy-path
func TestAddingAPositiveCountRaisesTheTally(t *testing.T) {
	if status := add("apples", 3); status != 200 {
		t.Fatalf("add 3: status %d, want 200", status)
	}
	if got := count("apples"); got != 3 {
		t.Errorf("count %d, want 3", got)
	}
}
// @end

// @section validation
func TestZeroAndNegativeCountsAreRefusedAndChangeNothing(t *testing.T) {
	for _, n := range []int{0, -2} {
		if status := add("pears", n); status != 400 {
			t.Errorf("add %d: status %d, want 400", n, status)
		}
	}
	if got := count("pears"); got != 0 {
		t.Errorf("count %d, want 0", got)
	}
}
// @end
