// The page for setters in headless Chromium, as a setter uses it: paste a
// broken puzzle, press Diagnose, and find the conflict on the board and in
// the list; hover a repair and see it drawn; open the link to the result
// and get the same verdict; close the page mid-count and see the server
// cancel the run. Fails (exit 1) when the page does not show these.
//
//   node tests/browser/page-test.mjs BUILD/puzzle-smt [--screenshots DIR]
//
// Needs Debian's chromium and puppeteer-core (scripts/setup installs both;
// npm install in tests/browser).
import { spawn } from "node:child_process";
import { readFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const binary = process.argv[2];
const shotsAt = process.argv.indexOf("--screenshots");
const shots = shotsAt > 0 ? process.argv[shotsAt + 1] : "";
const chromium = process.env.PSMT_CHROMIUM || "/usr/bin/chromium";
if (!binary || !existsSync(binary)) fail(`no puzzle-smt binary at ${binary}`);
if (!existsSync(chromium)) fail(`no Chromium at ${chromium} (scripts/setup installs Debian's chromium)`);
if (shots) mkdirSync(shots, { recursive: true });

function fail(message) {
  console.error("page-test: FAILED: " + message);
  process.exit(1);
}
function check(condition, message) {
  if (!condition) throw new Error(message);
  console.log("page-test: ok: " + message);
}

// The server on a free port; the address is its first line.
const server = spawn(binary, ["serve", "--port", "0", "--jobs", "1"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/[0-9.]+:\d+\//);
    if (m) resolve(m[0]);
  });
  server.on("exit", (code) => reject(new Error(`the server ended (${code}) before it listened: ${out}`)));
  setTimeout(() => reject(new Error("the server did not say where it listens within 10 s")), 10000);
});

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  protocolTimeout: 60000,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let status = 0;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  const cspErrors = [];
  page.on("console", (m) => { if (m.type() === "error") cspErrors.push(m.text()); });
  await page.goto(url, { waitUntil: "load" });

  async function diagnose(file) {
    const text = readFileSync(join(root, file), "utf8");
    await page.$eval("#puzzle", (el, t) => { el.value = t; }, text);
    await page.click('button[data-command="diagnose"]');
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("done") ||
                               document.querySelector("#status").className === "error", { timeout: 60000 });
  }

  // A variant sudoku (greater-than) with no solution.
  await diagnose("puzzles/sudoku/niobaras_original.json");
  const verdict = await page.$eval("#verdict", (el) => el.textContent);
  check(verdict.startsWith("No solution"), `the verdict says no solution (${verdict})`);
  const clues = await page.$$eval("#details li.clue", (els) => els.map((e) => e.textContent));
  check(clues.includes("r2c8 < r3c8") && clues.length >= 2, `the conflicting clues are listed (${clues.length})`);
  const marked = await page.$$eval("#board svg .sign-mark, #board svg .highlighted", (els) => els.length);
  check(marked > 0, `the board marks the conflict (${marked} marks)`);
  const before = await page.$eval("#board", (el) => el.innerHTML);
  const repairs = await page.$$("#details li.repair");
  check(repairs.length > 0, `repairs are listed (${repairs.length})`);
  if (shots) await page.screenshot({ path: join(shots, "serve-variant-sudoku.png"), fullPage: true });
  await repairs[0].hover();
  const during = await page.$eval("#board", (el) => el.innerHTML);
  check(during !== before && during.includes("repair"), "hovering a repair draws it on the board");
  await page.mouse.move(0, 0);

  // A pencil puzzle (akari) with a misprinted clue.
  await diagnose("puzzles/akari/pzprjs_test_misprinted.json");
  const pencil = await page.$eval("#verdict", (el) => el.textContent);
  check(pencil.startsWith("No solution"), `the akari's verdict says no solution (${pencil})`);
  const pencilClues = await page.$$eval("#details li.clue", (els) => els.length);
  check(pencilClues > 0, `the akari's conflicting clues are listed (${pencilClues})`);
  if (shots) await page.screenshot({ path: join(shots, "serve-akari.png"), fullPage: true });

  // The link to the result runs it again in a new page.
  const link = await page.$eval("#share-link", (a) => a.href);
  const again = await browser.newPage();
  await again.goto(link, { waitUntil: "load" });
  await again.waitForFunction(() => document.querySelector("#status").textContent.includes("done"), { timeout: 60000 });
  const againVerdict = await again.$eval("#verdict", (el) => el.textContent);
  check(againVerdict === pencil, "the link to the result gives the same verdict");
  await again.close();
  await page.bringToFront();

  // Explain: step through.
  await page.$eval("#puzzle", (el, t) => { el.value = t; }, readFileSync(join(root, "puzzles/sudoku/prolog_post.json"), "utf8"));
  await page.click('button[data-command="explain"]');
  await page.waitForFunction(() => !document.querySelector("#steps").hidden, { timeout: 60000 });
  const first = await page.$eval("#step-text", (el) => el.textContent);
  await page.click("#next");
  const second = await page.$eval("#step-text", (el) => el.textContent);
  const number = await page.$eval("#step-number", (el) => el.textContent);
  check(first !== second && number.startsWith("Step 2 of"), `explain steps forward (${number})`);

  // Closing the page mid-count cancels the run on the server.
  const count = await browser.newPage();
  await count.goto(url, { waitUntil: "load" });
  const empty = JSON.stringify({ kind: "sudoku", grid: Array(9).fill("_________") });
  await count.$eval("#puzzle", (el, t) => { el.value = t; }, empty);
  await count.click('button[data-command="count"]');
  await count.waitForFunction(() => document.querySelector("#status").textContent.includes("found"), { timeout: 30000 });
  await count.close();
  let cancelled = 0;
  for (let i = 0; i < 100 && !cancelled; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const s = await (await fetch(url + "api/status")).json();
    if (s.cancelled >= 1 && s.running === 0) cancelled = s.cancelled;
  }
  check(cancelled >= 1, "closing the page cancelled its count on the server");
  check(cspErrors.length === 0, `no errors in the page's console (${cspErrors.join("; ")})`);
} catch (e) {
  console.error("page-test: FAILED: " + e.message);
  status = 1;
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
process.exit(status);
