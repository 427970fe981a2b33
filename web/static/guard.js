// Python only from the page as it was built (docs/security.md). PyScript runs any
// <script type="py"> (and <py-script>, "mpy", "pyodide", "micropython") added to the page at
// any time, and gives any element with a "py-click"-like attribute a listener that runs
// Python: its MutationObserver watches the whole document. The content security policy cannot
// stop that (it governs JavaScript, not the Python PyScript hands to Pyodide), so a bug in
// escaping that let such a tag or attribute into the page would run Python in it. This observer,
// made before PyScript's (a deferred script placed before PyScript's module runs first, and
// observers are told of changes in the order they were made), turns every such tag added after
// the page was parsed into inert text and drops every such attribute, before PyScript looks.
// The page's own <script type="py"> was parsed before this runs, so it is left alone. No rules.
(function () {
  var TYPES = ["py", "mpy", "pyodide", "micropython"];
  var TAGS = TYPES.map(function (type) { return type + "-script"; });
  var PREFIXES = TYPES.map(function (type) { return type + "-"; });
  var SELECTOR = TYPES.map(function (type) { return 'script[type="' + type + '"]'; }).concat(TAGS).join(",");
  var refused = 0; // tags and attributes refused

  function python(element) {
    if (element.localName === "script") return TYPES.indexOf(String(element.type).trim().toLowerCase()) >= 0;
    return TAGS.indexOf(element.localName) >= 0;
  }

  var done = new WeakSet();

  function refuse(element) {
    if (done.has(element)) return;
    done.add(element);
    // PyScript reads what the mutation records name, detached or not: empty the element and
    // make it match nothing it looks for (a <py-script> cannot change its tag, so it loses
    // its source, its attributes and its text).
    if (element.localName === "script") element.type = "text/plain";
    while (element.attributes.length) element.removeAttribute(element.attributes[0].name);
    element.textContent = "";
    element.remove();
    refused += 1;
  }

  function prefixed(name) {
    name = name.toLowerCase();
    for (var i = 0; i < PREFIXES.length; i += 1) if (name.indexOf(PREFIXES[i]) === 0) return true;
    return false;
  }

  // Every such attribute on a node and below it, in one query (as PyScript itself finds them).
  var ATTRIBUTES = ".//@*[" + PREFIXES.map(function (prefix) {
    return 'starts-with(name(),"' + prefix + '")';
  }).join(" or ") + "]";
  var lookup = new XPathEvaluator().createExpression(ATTRIBUTES);

  function dropAttributes(node) {
    var found = lookup.evaluate(node, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE);
    for (var i = 0; i < found.snapshotLength; i += 1) {
      var attribute = found.snapshotItem(i);
      if (attribute.ownerElement) attribute.ownerElement.removeAttribute(attribute.name);
      refused += 1;
    }
  }

  function check(node) {
    if (node.nodeType !== 1) return;
    if (python(node)) { refuse(node); return; }
    var inner = node.querySelectorAll(SELECTOR);
    for (var i = 0; i < inner.length; i += 1) if (python(inner[i])) refuse(inner[i]);
    dropAttributes(node);
  }

  new MutationObserver(function (changes) {
    for (var i = 0; i < changes.length; i += 1) {
      var change = changes[i];
      if (change.type === "attributes") {
        var name = change.attributeName;
        if (prefixed(name) && change.target.hasAttribute(name)) { change.target.removeAttribute(name); refused += 1; }
        if (name === "type" && python(change.target)) refuse(change.target);
      } else {
        for (var j = 0; j < change.addedNodes.length; j += 1) check(change.addedNodes[j]);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });

  // What was refused, for the browser tests (docs/security.md).
  window.strikeRankGuard = { refused: function () { return refused; } };
})();
