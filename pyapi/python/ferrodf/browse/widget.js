// ferrodf.browse: the browser side of the interactive frame view (an anywidget ESM module).
// Rows are never held here beyond the pages on screen: the view asks Python for the rows
// [start, stop) it needs with a custom message and keeps a few pages; sorting and filtering
// are requests that Python carries out with ferrodf.

const ROW_HEIGHT = 24; // px, fixed by widget.css
const MAX_SPACER = 8_000_000; // px: browsers cap element heights, so long frames scroll scaled
const KEEP_PAGES = 12;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmt(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") {
    if (Number.isInteger(v)) return String(v);
    const text = v.toPrecision(6);
    return text.includes("e") || !text.includes(".") ? text : text.replace(/0+$/, "").replace(/\.$/, "");
  }
  return String(v);
}

function sparkline(counts) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const w = 100, h = 24, top = Math.max(1, ...counts);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "fd-spark");
  svg.setAttribute("preserveAspectRatio", "none");
  const bw = w / Math.max(1, counts.length);
  counts.forEach((c, i) => {
    const r = document.createElementNS(ns, "rect");
    const bh = c ? Math.max(1, (h * c) / top) : 0;
    r.setAttribute("x", String(i * bw + 0.5));
    r.setAttribute("y", String(h - bh));
    r.setAttribute("width", String(Math.max(0.5, bw - 1)));
    r.setAttribute("height", String(bh));
    const t = document.createElementNS(ns, "title");
    t.textContent = `${c}`;
    r.appendChild(t);
    svg.appendChild(r);
  });
  return svg;
}

function summaryCell(s) {
  const box = el("div", "fd-summary");
  if (!s) return box;
  if (s.kind === "number") {
    if (s.hist && s.hist.length) box.appendChild(sparkline(s.hist));
    box.appendChild(el("div", "fd-stat", `min ${fmt(s.min)}`));
    box.appendChild(el("div", "fd-stat", `max ${fmt(s.max)}`));
    box.appendChild(el("div", "fd-stat", `mean ${fmt(s.mean)}`));
  } else if (s.kind === "datetime") {
    box.appendChild(el("div", "fd-stat", `from ${s.min ?? ""}`));
    box.appendChild(el("div", "fd-stat", `to ${s.max ?? ""}`));
  } else if (s.top) {
    box.appendChild(el("div", "fd-stat", `${s.distinct} distinct`));
    for (const [v, n] of s.top) {
      const line = el("div", "fd-stat fd-top", `${fmt(v)}: ${n}`);
      line.title = `${fmt(v)}: ${n}`;
      box.appendChild(line);
    }
  }
  return box;
}

function render({ model, el: root }) {
  root.classList.add("ferrodf-browse");
  root.dataset.lmSuppressShortcuts = "true";
  const bar = el("div", "fd-bar");
  const shape = el("span", "fd-shape");
  const badge = el("span", "fd-badge");
  const form = el("form", "fd-filter");
  const input = el("input", "fd-filter-input");
  input.placeholder = "filter: price > 10 & `city name` contains \"par\"";
  input.spellcheck = false;
  const apply = el("button", "fd-filter-apply", "filter");
  apply.type = "submit";
  form.append(input, apply);
  const error = el("div", "fd-error");
  bar.append(shape, badge, form);
  const scroller = el("div", "fd-scroll");
  const table = el("table", "fd-table");
  const colgroup = el("colgroup");
  const thead = el("thead");
  const tbody = el("tbody");
  table.append(colgroup, thead, tbody);
  const spacer = el("div", "fd-spacer");
  scroller.append(table, spacer);
  root.append(bar, error, scroller);

  // the full value of a cut-short cell, shown at once (the title attribute shows it too,
  // after the browser's delay)
  const tip = el("div", "fd-tip");
  root.appendChild(tip);
  function showTip(td) {
    if (td.scrollWidth <= td.clientWidth) return;
    tip.textContent = td.title;
    const box = td.getBoundingClientRect(), base = root.getBoundingClientRect();
    tip.style.display = "block";
    tip.style.left = `${Math.max(0, box.left - base.left - 200)}px`;
    const below = box.bottom - base.top + 2;
    const fits = below + tip.offsetHeight <= scroller.offsetTop + scroller.offsetHeight;
    tip.style.top = `${fits ? below : box.top - base.top - tip.offsetHeight - 2}px`;
  }

  const pages = new Map(); // page number -> {index, rows}
  const pending = new Set();
  let request = 0;

  function nIndex() {
    return Math.max(1, model.get("index_names").length);
  }

  function buildHeader() {
    thead.replaceChildren();
    colgroup.replaceChildren();
    const cols = model.get("columns");
    const names = model.get("index_names");
    const sums = model.get("summaries");
    const levels = Math.max(1, ...cols.map((c) => c.length));
    const sortCol = model.get("sort_column");
    const order = model.get("sort_order");
    for (let i = 0; i < nIndex(); i++) colgroup.appendChild(el("col", "fd-col-index"));
    cols.forEach(() => colgroup.appendChild(el("col")));
    // grouped headers: one row per MultiIndex level above the last, equal runs merged
    for (let lv = 0; lv < levels - 1; lv++) {
      const tr = el("tr", "fd-group");
      for (let i = 0; i < nIndex(); i++) tr.appendChild(el("th", "fd-index"));
      let j = 0;
      while (j < cols.length) {
        let k = j + 1;
        const key = JSON.stringify(cols[j].slice(0, lv + 1));
        while (k < cols.length && JSON.stringify(cols[k].slice(0, lv + 1)) === key) k++;
        const th = el("th", "fd-group-label", cols[j][lv] ?? "");
        th.colSpan = k - j;
        tr.appendChild(th);
        j = k;
      }
      thead.appendChild(tr);
    }
    const labels = el("tr", "fd-labels");
    for (let i = 0; i < nIndex(); i++) labels.appendChild(el("th", "fd-index", names[i] ?? ""));
    cols.forEach((c, j) => {
      const th = el("th", "fd-label");
      const box = el("div", "fd-resize");
      const name = el("span", "fd-name", c[c.length - 1]);
      const arrow = el("span", "fd-arrow", j === sortCol ? (order === "ascending" ? " \u25b2" : " \u25bc") : "");
      box.append(name, arrow);
      box.title = `sort by ${c.join(" / ")} (click: ascending, descending, off)`;
      th.appendChild(box);
      th.dataset.column = String(j);
      th.addEventListener("click", (ev) => {
        if (ev.offsetX > th.clientWidth - 14 && ev.offsetY > th.clientHeight - 14) return; // the resize grip
        model.send({ type: "sort", column: j });
      });
      new ResizeObserver(() => {
        colgroup.children[nIndex() + j].style.width = `${box.offsetWidth + 12}px`;
      }).observe(box);
      labels.appendChild(th);
    });
    thead.appendChild(labels);
    const dtypes = el("tr", "fd-dtypes");
    for (let i = 0; i < nIndex(); i++) dtypes.appendChild(el("th", "fd-index", i === 0 ? "dtype" : ""));
    const stats = el("tr", "fd-stats");
    for (let i = 0; i < nIndex(); i++) stats.appendChild(el("th", "fd-index"));
    cols.forEach((_, j) => {
      const s = sums[j];
      const td = el("th", "fd-dtype");
      td.append(el("span", "", s ? s.dtype : ""));
      if (s && s.nulls) td.append(el("span", "fd-nulls", ` ${s.nulls} null`));
      dtypes.appendChild(td);
      const cell = el("th", "fd-stat-cell");
      cell.appendChild(summaryCell(s));
      stats.appendChild(cell);
    });
    thead.append(dtypes, stats);
  }

  function updateBar() {
    const n = model.get("n_rows"), total = model.get("total_rows");
    const cols = model.get("columns").length;
    shape.textContent =
      `${n.toLocaleString("en")} rows \u00d7 ${cols} columns` +
      (n !== total ? ` (filtered from ${total.toLocaleString("en")})` : "");
    const loc = model.get("location");
    badge.textContent = loc;
    badge.dataset.place = /spilled/.test(loc) ? "spilled" : /GPU/.test(loc) ? "gpu" : "host";
    error.textContent = model.get("filter_error");
    error.style.display = model.get("filter_error") ? "block" : "none";
    if (document.activeElement !== input) input.value = model.get("filter_text");
  }

  function headerHeight() {
    return thead.offsetHeight || 0;
  }

  function visibleRows() {
    return Math.max(1, Math.floor((scroller.clientHeight - headerHeight()) / ROW_HEIGHT) - 1);
  }

  function firstRow() {
    const n = model.get("n_rows");
    const room = scroller.scrollHeight - scroller.clientHeight;
    if (room <= 0) return 0;
    const frac = Math.min(1, scroller.scrollTop / room);
    return Math.round(frac * Math.max(0, n - visibleRows()));
  }

  function sizeSpacer() {
    const n = model.get("n_rows");
    const want = n * ROW_HEIGHT;
    const tableRows = visibleRows() * ROW_HEIGHT;
    spacer.style.height = `${Math.max(0, Math.min(want, MAX_SPACER) - tableRows)}px`;
  }

  function ask(page) {
    if (pages.has(page) || pending.has(page)) return;
    pending.add(page);
    const size = model.get("page_size");
    model.send({ type: "page", start: page * size, stop: (page + 1) * size, request: ++request, page });
  }

  function drawRows() {
    const n = model.get("n_rows");
    const size = model.get("page_size");
    const first = firstRow();
    const last = Math.min(n, first + visibleRows());
    tbody.replaceChildren();
    for (let r = first; r < last; r++) {
      const p = Math.floor(r / size);
      const page = pages.get(p);
      if (!page) {
        ask(p);
        continue;
      }
      const i = r - p * size;
      const tr = el("tr");
      tr.dataset.row = String(r);
      for (const lab of page.index[i]) {
        const th = el("th", "fd-index", lab ?? "");
        th.title = lab ?? "";
        tr.appendChild(th);
      }
      for (const v of page.rows[i]) {
        const td = el("td", v === null ? "fd-na" : "", v === null ? "<NA>" : v);
        td.title = v === null ? "missing" : v;
        td.addEventListener("mouseenter", () => showTip(td));
        td.addEventListener("mouseleave", () => { tip.style.display = "none"; });
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    while (pages.size > KEEP_PAGES) {
      const near = Math.floor(first / size);
      let far = null, dist = -1;
      for (const k of pages.keys()) if (Math.abs(k - near) > dist) { far = k; dist = Math.abs(k - near); }
      pages.delete(far);
    }
  }

  model.on("msg:custom", (msg) => {
    if (msg.type === "page") {
      if (msg.version !== model.get("version")) return; // an answer for a frame since re-sorted
      const size = model.get("page_size");
      const p = Math.floor(msg.start / size);
      pending.delete(p);
      pages.set(p, msg);
      drawRows();
    } else if (msg.type === "error") {
      error.textContent = msg.message;
      error.style.display = "block";
    }
  });

  function reset() {
    pages.clear();
    pending.clear();
    buildHeader();
    updateBar();
    sizeSpacer();
    drawRows();
  }

  model.on("change:version", reset);
  model.on("change:filter_error", updateBar);
  // JupyterLab's notebook shortcuts (Enter edits a cell, Shift+Enter runs it) must not
  // take the keys typed into the filter box
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") {
      ev.preventDefault();
      model.send({ type: "filter", text: input.value });
    }
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    model.send({ type: "filter", text: input.value });
  });
  let ticking = false;
  scroller.addEventListener("scroll", () => {
    if (ticking) return;
    ticking = true;
    requestAnimationFrame(() => {
      ticking = false;
      drawRows();
    });
  });
  scroller.style.height = `${model.get("height")}px`;
  reset();
  requestAnimationFrame(() => { sizeSpacer(); drawRows(); });
}

export default { render };
