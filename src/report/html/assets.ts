// The stylesheet and the script inlined into report.html. The page is whole without the script: it only
// adds filtering, expanding and the lazy filling of details from the page's own JSON blocks, whose
// HTML the renderer escaped. Kept as text because the page must carry it; tested in a real browser.

export const STYLE = `
:root{--fg:#1f2328;--muted:#59636e;--line:#d0d7de;--bg2:#f6f8fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);margin:0 auto;max-width:1500px;padding:16px 20px;overflow-wrap:anywhere}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3,h4{font-size:14px;margin:12px 0 4px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg2);border:1px solid var(--line);border-radius:6px;padding:8px;margin:4px 0;max-height:480px;overflow:auto}
table{border-collapse:collapse;margin:4px 0}
th,td{border:1px solid var(--line);padding:3px 7px;text-align:left;vertical-align:top}
th,.nw{white-space:nowrap}
td.rule{min-width:16em}
thead th{background:var(--bg2)}
.wrap thead th{position:sticky;top:0;z-index:1}
.muted{color:var(--muted)}
.ctl{display:inline-block;border:1px solid currentColor;border-radius:3px;font:10px/1.2 ui-monospace,monospace;padding:0 2px;margin:0 1px;color:#cf222e;background:#fff8c5}
.verdict{font-size:16px;font-weight:600;padding:8px 12px;border-radius:6px;margin:8px 0}
.v-fail{background:#ffebe9;border:1px solid #ff8182}.v-pass{background:#dafbe1;border:1px solid #4ac26b}
.v-no_baseline,.v-incomparable,.v-undecided{background:#fff8c5;border:1px solid #d4a72c}
.chip{display:inline-block;border-radius:10px;padding:0 8px;margin:2px 4px 2px 0;border:1px solid var(--line)}
.s-regressed,.s-failing{background:#ffebe9;color:#82071e}
.s-suspect,.s-mixed{background:#fff1e5;color:#953800}
.s-improved,.s-passing{background:#dafbe1;color:#116329}
.s-flaky{background:#fbefff;color:#6639ba}
.s-undecided{background:#fff8c5;color:#7d4e00}
.s-unchanged,.s-none{background:#f6f8fa;color:#59636e}
.s-new,.s-removed,.s-changed,.s-incomparable{background:#ddf4ff;color:#0a3069}
.legend .chip{font-size:12px}
.wrap{overflow:auto;max-height:75vh;border:1px solid var(--line);border-radius:6px}
.wrap table{margin:0}
#matrix table{table-layout:fixed;width:1px}
.w-task{width:18em}.w-state{width:13.5em}.w-count{width:8.5em}.w-kind{width:24em}
#matrix thead th{white-space:normal;overflow-wrap:anywhere}
#matrix td{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#matrix td.cell{text-align:center}
#matrix td.kind{white-space:normal}
#matrix th.task{white-space:normal}
.c{display:inline-block;border-radius:4px;padding:0 4px;margin:1px}
.toolbar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:8px 0}
.toolbar input{font:inherit;padding:3px 6px;min-width:240px}
.toolbar button{font:inherit;border:1px solid var(--line);border-radius:6px;padding:2px 8px;background:#fff;cursor:pointer}
.toolbar button[aria-pressed=false]{opacity:.45;text-decoration:line-through}
details.task{border:1px solid var(--line);border-radius:6px;margin:4px 0}
details.task>summary{padding:6px 10px;cursor:pointer}
details.task[open]>summary{border-bottom:1px solid var(--line);background:var(--bg2)}
.body{padding:6px 12px 10px}
details.trial,details.sub{border-left:3px solid var(--line);margin:6px 0;padding-left:8px}
details.trial>summary,details.sub>summary{cursor:pointer}
details.o-pass{border-left-color:#4ac26b}details.o-fail{border-left-color:#ff8182}details.o-env_error,details.o-unexecuted{border-left-color:#d4a72c}
.ok{color:#116329}.bad{color:#82071e}.na{color:var(--muted)}
ul.flat{margin:2px 0;padding-left:18px}
ol.timeline{list-style:none;padding:0;margin:4px 0;border-left:2px solid var(--line)}
ol.timeline>li{position:relative;margin:0 0 4px 10px;padding:2px 6px}
ol.timeline>li::before{content:"";position:absolute;left:-15px;top:8px;width:8px;height:8px;border-radius:50%;background:#8c959f}
ol.timeline>li.fault{background:#fff1e5;border:1px solid #fb8f44;border-radius:6px}
ol.timeline>li.fault::before{background:#bc4c00}
mark.fault{background:#bc4c00;color:#fff;border-radius:4px;padding:0 5px}
.d-add{background:#dafbe1}.d-del{background:#ffebe9}.d-hunk{color:#0550ae}
[hidden]{display:none!important}
`;

export const SCRIPT = `
(function () {
  'use strict';
  var tbody = document.querySelector('#matrix tbody');
  var rows = Array.prototype.slice.call(tbody.rows);
  var tasks = Array.prototype.slice.call(document.querySelectorAll('details.task'));
  var ids = null;
  var toolbar = document.getElementById('toolbar');
  var query = document.getElementById('filter');
  var shown = document.getElementById('shown');
  var buttons = Array.prototype.slice.call(toolbar.querySelectorAll('button[data-state]'));

  // The JSON blocks follow this script, so the page is usable while they are still being read; a task
  // opened before its block arrived is filled in when the document is complete.
  var pending = [];
  function data(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }
  function fillBlobs(details) {
    var els = details.querySelectorAll('[data-blob]');
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.closest('details') !== details) continue;
      var html = data(el.getAttribute('data-blob'));
      if (html === null) return false;
      el.removeAttribute('data-blob');
      el.innerHTML = html;
    }
    return true;
  }
  function fill(details) {
    var lazy = details.querySelector(':scope > .body > [data-lazy]');
    var done = true;
    if (lazy) {
      var html = data(lazy.getAttribute('data-lazy'));
      if (html !== null && typeof html !== 'string') html = html.join('\\n');
      if (html === null) done = false;
      else {
        lazy.removeAttribute('data-lazy');
        lazy.innerHTML = html;
        var open = lazy.querySelectorAll('details[open]');
        for (var i = 0; i < open.length; i++) done = fillBlobs(open[i]) && done;
      }
    }
    done = fillBlobs(details) && done;
    if (!done && document.readyState === 'loading') pending.push(details);
  }
  document.addEventListener('DOMContentLoaded', function () {
    pending.splice(0).forEach(fill);
  });
  document.addEventListener('toggle', function (e) {
    var d = e.target;
    if (d && d.tagName === 'DETAILS' && d.open) fill(d);
  }, true);

  // The matrix rows past the first page, inserted once when all are wanted; false while not yet read.
  function allRows() {
    var rest = document.getElementById('m-rest');
    if (!rest) return document.readyState !== 'loading' || rows.length === tasks.length;
    tbody.insertAdjacentHTML('beforeend', JSON.parse(rest.textContent));
    rest.parentNode.removeChild(rest);
    rows = Array.prototype.slice.call(tbody.rows);
    var more = document.getElementById('more-rows');
    if (more) more.hidden = true;
    return true;
  }
  function apply() {
    if (!allRows()) {
      document.addEventListener('DOMContentLoaded', apply);
      return;
    }
    if (ids === null) ids = tasks.map(function (t) { return t.querySelector('summary b').textContent.toLowerCase(); });
    var q = query.value.trim().toLowerCase();
    var on = {};
    buttons.forEach(function (b) { on[b.getAttribute('data-state')] = b.getAttribute('aria-pressed') === 'true'; });
    var n = 0;
    for (var i = 0; i < tasks.length; i++) {
      var ok = on[tasks[i].getAttribute('data-state')] !== false && (q === '' || ids[i].indexOf(q) !== -1);
      tasks[i].hidden = !ok;
      if (rows[i]) rows[i].hidden = !ok;
      if (ok) n++;
    }
    shown.textContent = n + ' of ' + tasks.length + ' tasks shown';
  }
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      b.setAttribute('aria-pressed', b.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
      apply();
    });
  });
  query.addEventListener('input', apply);
  document.getElementById('expand').addEventListener('click', function () {
    var opened = 0;
    for (var i = 0; i < tasks.length && opened < 50; i++) {
      if (tasks[i].hidden) continue;
      tasks[i].open = true;
      opened++;
    }
  });
  document.getElementById('collapse').addEventListener('click', function () {
    tasks.forEach(function (t) { t.open = false; });
  });
  function follow() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    if (el && el.tagName === 'DETAILS') {
      el.hidden = false;
      el.open = true;
      fill(el);
      el.scrollIntoView();
    }
  }
  window.addEventListener('hashchange', follow);
  var showRows = document.getElementById('show-rows');
  if (showRows) {
    showRows.hidden = false;
    showRows.addEventListener('click', apply);
  }
  toolbar.hidden = false;
  shown.textContent = tasks.length + ' of ' + tasks.length + ' tasks shown';
  follow();
})();
`;
