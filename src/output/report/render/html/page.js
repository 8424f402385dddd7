"use strict";
// The filter box, severity toggles and grouping switch: plain DOM, no framework. Without
// script the page shows every finding grouped by file, as written.
(function () {
  var controls = document.getElementById("controls");
  var main = document.getElementById("findings");
  var filter = document.getElementById("filter");
  var shown = document.getElementById("shown");
  var findings = Array.prototype.slice.call(main.querySelectorAll(".finding"));
  var text = findings.map(function (f) {
    return [".head", ".msg", ".sum"].map(function (part) {
      var e = f.querySelector(part);
      return e ? e.textContent : "";
    }).join(" ").toLowerCase();
  });
  // Each finding's file group heading, as written, for switching back to it.
  var fileHeading = findings.map(function (f) {
    return f.parentNode.querySelector("h2").cloneNode(true);
  });

  function checked(name) {
    var on = {};
    controls.querySelectorAll("input[name=" + name + "]").forEach(function (c) {
      on[c.value] = c.checked;
    });
    return on;
  }

  function apply() {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var severity = checked("severity");
    var waived = controls.querySelector("input[name=waived]").checked;
    var count = 0;
    findings.forEach(function (f, i) {
      var visible = severity[f.dataset.severity] !== false
        && (waived || !f.dataset.waived)
        && words.every(function (w) { return text[i].indexOf(w) >= 0; });
      f.hidden = !visible;
      if (visible) count++;
    });
    main.querySelectorAll(".group").forEach(function (g) {
      g.hidden = !g.querySelector(".finding:not([hidden])");
    });
    shown.textContent = count === findings.length
      ? "showing all " + count
      : "showing " + count + " of " + findings.length;
  }

  function ruleHeading(f) {
    var h = document.createElement("h2");
    h.appendChild(f.querySelector(".rule").cloneNode(true));
    h.appendChild(document.createTextNode(" " + f.querySelector(".kw").textContent + ": "));
    var summary = document.createElement("span");
    summary.className = "muted";
    f.querySelector(".sum").childNodes.forEach(function (n) {
      summary.appendChild(n.cloneNode(true));
    });
    h.appendChild(summary);
    return h;
  }

  function regroup() {
    var byRule = checked("group").rule;
    var groups = [];
    var index = {};
    findings.forEach(function (f, i) {
      var key = byRule ? f.dataset.rule : f.dataset.group;
      if (!(key in index)) {
        index[key] = groups.length;
        groups.push({ key: key, heading: byRule ? ruleHeading(f) : fileHeading[i].cloneNode(true), members: [] });
      }
      groups[index[key]].members.push(f);
    });
    if (byRule) {
      groups.sort(function (a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; });
    }
    main.textContent = "";
    groups.forEach(function (g) {
      var section = document.createElement("section");
      section.className = "group";
      section.appendChild(g.heading);
      g.members.forEach(function (f) { section.appendChild(f); });
      main.appendChild(section);
    });
    apply();
  }

  filter.addEventListener("input", apply);
  controls.querySelectorAll("input[name=severity], input[name=waived]").forEach(function (c) {
    c.addEventListener("change", apply);
  });
  controls.querySelectorAll("input[name=group]").forEach(function (c) {
    c.addEventListener("change", regroup);
  });
  // Paper shows what the screen hides behind a click.
  var closed = [];
  window.addEventListener("beforeprint", function () {
    closed = Array.prototype.filter.call(document.querySelectorAll("details"), function (d) {
      return !d.open;
    });
    closed.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    closed.forEach(function (d) { d.open = false; });
  });
  controls.hidden = false;
  apply();
})();
