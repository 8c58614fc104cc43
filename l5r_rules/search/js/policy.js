// policy.js: the twin of l5r_rules/search/policy.py. The ranking policy's post-scoring rules
// (policy.yaml `rules`), evaluated as Python evaluates them: same conditions, same order of factors.

// policy.Rules: the ranking policy's post-scoring rules (l5r_rules/search/policy.yaml), compiled once;
// each rule whose conditions all hold multiplies a document's score by its factor, in the file's order
function Rules(rules, knobs) {
  this.rules = rules.map(function (rule) {
    return { factor: knobs[rule.factor], tests: rule.when.map(function (c) { return condition(c, knobs); }) };
  });
}
Rules.prototype.factor = function (doc, docnum, question, editions) {
  var factor = 1.0, edition = (doc.edition !== undefined && own(editions, doc.edition)) || {};
  for (var i = 0; i < this.rules.length; i++) {
    var rule = this.rules[i], holds = true;
    for (var j = 0; j < rule.tests.length && holds; j++) holds = rule.tests[j](doc, docnum, question, edition);
    if (holds) factor *= rule.factor;
  }
  return factor;
};
function truthy(x) { // as Python reads a fact: an empty list or set, "", 0, null are false
  if (x instanceof Set) return x.size > 0;
  return Array.isArray(x) ? x.length > 0 : !!x;
}
function contains(collection, x) {
  if (!collection) return false;
  return collection instanceof Set ? collection.has(x) : collection.indexOf(x) >= 0;
}
// policy._condition: one condition of a rule, a test of (doc, docnum, question, edition facts)
function condition(cond, knobs) {
  var subject = "doc" in cond ? "doc" : "edition" in cond ? "edition" : "question", name = cond[subject];
  var op = Object.keys(cond).filter(function (k) { return k !== subject; })[0], operand = cond[op];
  var fact = function (doc, docnum, question, edition) {
    if (subject === "doc") return name === "docnum" ? docnum : doc[name];
    return subject === "edition" ? edition[name] : question[name];
  };
  var resolve = function (question) {
    if (operand !== null && typeof operand === "object" && !Array.isArray(operand)) {
      return "policy" in operand ? knobs[operand.policy] : question[operand.question];
    }
    return operand;
  };
  if (op === "is") {
    if (typeof operand === "boolean") return function (d, n, q, e) { return truthy(fact(d, n, q, e)) === operand; };
    return function (d, n, q, e) { return fact(d, n, q, e) === operand; };
  }
  if (op === "in" || op === "not_in") {
    var inside = op === "in";
    return function (d, n, q, e) { return contains(resolve(q), fact(d, n, q, e)) === inside; };
  }
  if (op === "at_most") return function (d, n, q, e) { return (fact(d, n, q, e) || 0) <= resolve(q); };
  if (op === "holds" || op === "lacks") {
    var holds = op === "holds";
    return function (d, n, q, e) { return contains(fact(d, n, q, e), operand) === holds; };
  }
  throw new Error("policy: unknown test " + op);
}
