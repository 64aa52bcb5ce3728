// The stand-in agent's answers are a module of their own: the repository's `go test ./...`, `go vet ./...` and
// `go build ./...` leave them out (they are the tests it writes, run under trialgate against a service it starts).
module agent

go 1.18
