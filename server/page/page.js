// The page for setters: sends the puzzle to this machine's puzzle-smt
// (POST /api/COMMAND, answered as Server-Sent Events) and shows the answer
// on the board. No inline script (the page's Content-Security-Policy).
"use strict";

const $ = (id) => document.getElementById(id);
let running = null;      // the AbortController of the run in progress
let fileName = "";       // the name of a dropped or chosen file
let answerShown = null;  // the last answer, for hovering over repairs and stepping

function setStatus(text, isError) {
  $("status").textContent = text;
  $("status").className = isError ? "error" : "";
}

function showSvg(svgText) {
  const board = $("board");
  if (!svgText) { board.replaceChildren(); return; }
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") { board.replaceChildren(); return; }
  board.replaceChildren(document.importNode(svg, true));
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function list(items) {
  const ul = el("ul");
  for (const it of items) ul.append(typeof it === "string" ? el("li", it) : it);
  return ul;
}

const verdictWords = {
  unique: "Unique: exactly one solution",
  multiple: "Several solutions",
  none: "No solution",
  solved: "Solved",
  unknown: "Unknown",
};

function editWords(e) {
  if (e.drop && !e.after) return "remove " + e.before;
  return e.before + "  →  " + e.after;
}

// Base64url of UTF-8 text, for the link to a result.
function encodeText(text) {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeText(b64) {
  const s = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));
}

function showAnswer(command, answer) {
  answerShown = answer;
  const report = answer.report || {};
  const status = report.status || "unknown";
  $("result").hidden = false;
  const verdict = $("verdict");
  verdict.className = status;
  verdict.textContent = (verdictWords[status] || status) + (report.reason ? " (" + report.reason + ")" : "");
  showSvg(answer.picture);
  const details = $("details");
  details.replaceChildren();
  $("steps").hidden = true;
  if (answer.warnings) details.append(el("p", "Warning: " + answer.warnings.join("; "), "muted"));
  const d = report.diagnosis;
  if (status === "none") {
    const conflict = (d && d.conflicts && d.conflicts.length) ? d.conflicts[0].clues : (report.conflict || []);
    if (conflict.length) {
      details.append(el("h3", conflict.length === 1 ? "The clue that cannot hold" : "Clues that cannot all hold (" + conflict.length + ")"));
      details.append(list(conflict.map((c) => el("li", c.label, "clue"))));
      if (report.conflict_minimal === false || (d && d.conflicts && d.conflicts[0].minimal === false))
        details.append(el("p", "Not shown to be minimal.", "muted"));
    } else if (d && d.conflicts && d.conflicts.length && d.conflicts[0].rules_alone) {
      details.append(el("p", "The rules alone have no solution: no clue is to blame."));
    }
    if (d) showRepairs(d, answer, details);
    else details.append(el("p", "Diagnose lists the fewest clues to change or remove to repair it.", "muted"));
  } else if (status === "multiple") {
    if (d) {
      if (d.ambiguous && d.ambiguous.length) {
        details.append(el("h3", "Where the solutions differ (" + d.ambiguous.length + " places)"));
        details.append(list(d.ambiguous.slice(0, 40).map((a) => a.place + ": " + a.values.join(" or "))));
      }
      if (d.extra_givens && d.extra_givens.length) {
        details.append(el("h3", (d.extra_are_clues ? "Clues" : "Givens") + " that make it unique" +
          (d.extra_givens_proven_smallest ? " (no fewer do)" : "")));
        details.append(list(d.extra_givens));
      }
    } else {
      if (report.differing_cells && report.differing_cells.length) {
        details.append(el("h3", "Two solutions differ at " + report.differing_cells.length + " places"));
        details.append(el("p", report.differing_cells.join(", "), "clue"));
      }
      details.append(el("p", "Diagnose shows every ambiguous place and the fewest clues that fix it.", "muted"));
    }
  }
  if (d && d.notes && d.notes.length) details.append(list(d.notes));
  if (command === "count" && report.solutions_found !== undefined)
    details.append(el("p", "Solutions: " + (report.count || report.solutions_found) + (report.complete === false ? " (at least; the count stopped early)" : "")));
  if (command === "explain") showExplanation(report, answer, details);
}

function showRepairs(d, answer, details) {
  const repairs = (d.change_repairs || []).concat(d.drop_repairs || []);
  if (!repairs.length) {
    details.append(el("p", "No repair found within the limits" + (d.complete === false ? " (the search was cut short)" : "") + ".", "muted"));
    return;
  }
  details.append(el("h3", "Repairs (hover to see one on the board)"));
  const items = repairs.map((r, i) => {
    const li = el("li", r.edits.map(editWords).join("; ") + "  ⇒  " + (r.status || ""), "repair");
    const picture = answer.repair_pictures && answer.repair_pictures[i];
    const show = () => { if (picture) { showSvg(picture); li.classList.add("shown"); } };
    const hide = () => { showSvg(answer.picture); li.classList.remove("shown"); };
    li.addEventListener("mouseenter", show);
    li.addEventListener("mouseleave", hide);
    li.tabIndex = 0;
    li.addEventListener("focus", show);
    li.addEventListener("blur", hide);
    return li;
  });
  details.append(list(items));
  if (d.min_change !== undefined) details.append(el("p", "Fewest clues to change: " + d.min_change + (d.changes_tried_every_value ? " (every value tried)" : ""), "muted"));
}

function showExplanation(report, answer, details) {
  const e = report.explanation;
  if (!e) {
    details.append(el("p", report.explain_note || "No explanation.", "muted"));
    return;
  }
  const g = e.grade || {};
  details.append(el("p", "Grade: " + g.level + " (hardest step uses " + g.hardest + " clues or rules, the widest of them weighing " + g.hardest_width + " open facts; " + e.steps.length + " steps)"));
  const pictures = answer.step_pictures || [];
  if (!e.steps.length) return;
  let k = 0;
  const show = () => {
    const s = e.steps[k];
    $("step-number").textContent = "Step " + (k + 1) + " of " + e.steps.length;
    const because = s.because.length ? s.because.map((b) => b.label).join("; ") : "what is known already";
    const facts = s.facts.map((f) => f.label);
    $("step-text").textContent = "Because " + because + ": " + facts.slice(0, 12).join(", ") +
      (facts.length > 12 ? ", and " + (facts.length - 12) + " more" : "") + ".";
    if (pictures[k]) showSvg(pictures[k]);
    $("prev").disabled = k === 0;
    $("next").disabled = k + 1 >= e.steps.length;
  };
  $("steps").hidden = false;
  $("prev").onclick = () => { if (k > 0) { k--; show(); } };
  $("next").onclick = () => { if (k + 1 < e.steps.length) { k++; show(); } };
  show();
}

async function run(command) {
  const text = $("puzzle").value;
  if (!text.trim()) { setStatus("Paste a link, a game ID or a puzzle first.", true); return; }
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  for (const b of document.querySelectorAll("button[data-command]")) b.disabled = true;
  $("cancel").disabled = false;
  setStatus(command + ": sending…");
  const started = performance.now();
  const body = { puzzle: text };
  if (fileName) body.name = fileName;
  try {
    const res = await fetch("/api/" + command, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!res.ok || !res.headers.get("Content-Type").startsWith("text/event-stream")) {
      let message = res.status + " " + res.statusText;
      try { message = (await res.json()).error || message; } catch (e) { /* not JSON */ }
      showError(message);
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let name = "message", data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) name = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (!data) continue;
        const payload = JSON.parse(data);
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        if (name === "queued") setStatus(command + ": waiting, " + payload.position + " in line…");
        else if (name === "running") setStatus(command + ": running…");
        else if (name === "progress")
          setStatus(command + ": running, " + (payload.elapsed_ms / 1000).toFixed(1) + " s" + (payload.found ? ", " + payload.found + " found" : "") + "…");
        else if (name === "error") { showError(payload.error); return; }
        else if (name === "result") {
          if (payload.status === "cancelled") { setStatus(command + ": cancelled."); return; }
          setStatus(command + ": done in " + secs + " s.");
          showAnswer(command, payload);
          const link = location.pathname + "#" + command + ":" + encodeText(text);
          $("share-link").href = link;
          $("share").hidden = false;
          history.replaceState(null, "", link);
          return;
        }
      }
    }
  } catch (e) {
    if (e.name === "AbortError") setStatus(command + ": cancelled.");
    else showError(String(e));
  } finally {
    if (running === controller) {
      running = null;
      for (const b of document.querySelectorAll("button[data-command]")) b.disabled = false;
      $("cancel").disabled = true;
    }
  }
}

function showError(message) {
  setStatus(message, true);
  $("result").hidden = true;
}

function readFile(file) {
  const reader = new FileReader();
  reader.onload = () => { $("puzzle").value = reader.result; fileName = file.name; $("filename").textContent = file.name; };
  reader.readAsText(file);
}

document.addEventListener("DOMContentLoaded", () => {
  for (const b of document.querySelectorAll("button[data-command]")) b.addEventListener("click", () => run(b.dataset.command));
  $("cancel").addEventListener("click", () => { if (running) running.abort(); });
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) readFile(e.target.files[0]); });
  $("puzzle").addEventListener("input", () => { fileName = ""; $("filename").textContent = ""; });
  // Ctrl+Enter (or Cmd+Enter) checks what was pasted.
  $("puzzle").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run("check"); });
  const area = $("puzzle");
  document.addEventListener("dragover", (e) => { e.preventDefault(); area.classList.add("dragging"); });
  document.addEventListener("dragleave", () => area.classList.remove("dragging"));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    area.classList.remove("dragging");
    if (e.dataTransfer.files[0]) readFile(e.dataTransfer.files[0]);
    else { const t = e.dataTransfer.getData("text/plain"); if (t) area.value = t; }
  });
  // A link to a result: #COMMAND:BASE64URL(puzzle) runs it again.
  const m = location.hash.match(/^#(check|diagnose|solve|count|explain):(.+)$/);
  if (m) {
    try { $("puzzle").value = decodeText(m[2]); run(m[1]); } catch (e) { setStatus("The link's puzzle could not be read.", true); }
  }
});
