// The position editor of mansuba: places men on the board of any preset and writes the
// position as a FEN in the rules' letters and as a [[problem]] block. What it knows of the
// rules (board size, men and letters, starting array, stacks) was written into the page
// by mansuba. A FEN typed in is read against the rules' board and letters only (a bad
// one is refused with the reason); `mansuba solve` reads the block and checks the rest.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var SQ = 48, M = 22;
  var data = JSON.parse(document.getElementById('editor-data').textContent);
  var el = function (id) { return document.getElementById(id); };
  var rules = null, board = [], tool = null;

  function find(name) {
    return data.presets.filter(function (p) { return p.name === name; })[0] || data.presets[0];
  }
  function squareName(sq) {
    return String.fromCharCode(97 + sq % rules.width) + (Math.floor(sq / rules.width) + 1);
  }
  function manName(i) {
    var m = rules.men[i];
    return (m.side === 'w' ? 'white ' : 'black ') + m.kind;
  }

  function setRules(name, start) {
    rules = find(name);
    el('rules').value = rules.name;
    board = [];
    for (var sq = 0; sq < rules.width * rules.height; sq += 1) {
      board.push(start ? rules.start[sq].slice() : []);
    }
    el('stack').disabled = !rules.stacks;
    if (!rules.stacks) { el('stack').checked = false; }
    el('summary').textContent = rules.summary;
    el('fenmsg').textContent = '';
    el('fenmsg').className = '';
    if (tool !== null && tool >= rules.men.length) { tool = null; }
    tray();
    draw();
    update();
  }

  function tray() {
    var t = el('tray');
    t.innerHTML = '';
    var add = function (i, label, figure) {
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-man', i);
      b.setAttribute('aria-pressed', tool === i ? 'true' : 'false');
      b.setAttribute('aria-label', label);
      b.title = label;
      b.innerHTML = (figure ? '<svg xmlns="' + NS + '" width="26" height="26" viewBox="-24 -24 48 48" font-family="DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, FreeSerif, serif" text-anchor="middle">' + figure + '</svg>' : '') + '<span>' + label + '</span>';
      b.addEventListener('click', function () {
        tool = i;
        t.querySelectorAll('button').forEach(function (x) {
          x.setAttribute('aria-pressed', x === b ? 'true' : 'false');
        });
      });
      t.appendChild(b);
    };
    rules.men.forEach(function (m, i) { add(i, manName(i) + ' (' + m.letter + ')', m.figure); });
    add(-1, 'empty the square', '');
  }

  function draw() {
    var w = rules.width, h = rules.height, svg = el('board');
    svg.setAttribute('width', M + w * SQ + 4);
    svg.setAttribute('height', h * SQ + M + 4);
    svg.setAttribute('viewBox', '0 0 ' + (M + w * SQ + 4) + ' ' + (h * SQ + M + 4));
    svg.setAttribute('font-family', 'DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, FreeSerif, serif');
    svg.setAttribute('text-anchor', 'middle');
    var s = [];
    for (var sq = 0; sq < w * h; sq += 1) {
      var f = sq % w, r = Math.floor(sq / w);
      var x = M + f * SQ, y = (h - 1 - r) * SQ;
      var light = (f + r) % 2 === 1;
      var on = board[sq];
      var label = squareName(sq) + ': ' + (on.length ? on.map(manName).join(' and ') : 'empty');
      s.push('<rect class="sq" data-sq="' + sq + '" tabindex="0" role="gridcell" aria-label="' + label + '" x="' + x + '" y="' + y +
        '" width="' + SQ + '" height="' + SQ + '" fill="' + (light ? '#f0dcb4' : '#b88a5c') + '"/>');
      if (on.length > 1) {
        s.push('<rect x="' + (x + 2) + '" y="' + (y + 2) + '" width="' + (SQ - 4) + '" height="' + (SQ - 4) +
          '" fill="none" stroke="#7a2e9e" stroke-width="2" stroke-dasharray="4 3" pointer-events="none"/>');
      }
      var layout = data.stacks[Math.min(on.length, 4) - 1] || [];
      on.forEach(function (m, i) {
        var l = layout[Math.min(i, layout.length - 1)];
        s.push('<g pointer-events="none" transform="translate(' + (x + SQ / 2 + l[0] * SQ) + ' ' + (y + SQ / 2 + l[1] * SQ) +
          ') scale(' + l[2] + ')">' + rules.men[m].figure + '</g>');
      });
    }
    for (var i = 0; i < w; i += 1) {
      s.push('<text x="' + (M + i * SQ + SQ / 2) + '" y="' + (h * SQ + 15) + '" font-size="13">' + String.fromCharCode(97 + i) + '</text>');
    }
    for (var j = 0; j < h; j += 1) {
      s.push('<text x="' + (M / 2) + '" y="' + ((h - 1 - j) * SQ + SQ / 2 + 4.5) + '" font-size="13">' + (j + 1) + '</text>');
    }
    svg.innerHTML = s.join('');
  }

  function place(sq) {
    if (tool === null) { el('said').textContent = 'Choose a man from the tray first.'; return; }
    var on = board[sq];
    if (tool < 0) {
      board[sq] = [];
    } else if (el('stack').checked && on.length && rules.men[on[0]].side === rules.men[tool].side && on.length < 8) {
      on.push(tool);
    } else if (on.length === 1 && on[0] === tool) {
      board[sq] = [];
    } else {
      board[sq] = [tool];
    }
    draw();
    update();
    var again = el('board').querySelector('rect[data-sq="' + sq + '"]');
    if (again) { again.focus(); }
    el('said').textContent = again ? again.getAttribute('aria-label') : '';
  }

  function fen() {
    var w = rules.width, ranks = [];
    for (var r = rules.height - 1; r >= 0; r -= 1) {
      var out = '', run = 0;
      for (var f = 0; f < w; f += 1) {
        var on = board[r * w + f];
        if (!on.length) { run += 1; continue; }
        if (run) { out += run; run = 0; }
        var letters = on.map(function (m) { return rules.men[m].letter; }).join('');
        out += on.length > 1 ? '[' + letters + ']' : letters;
      }
      if (run) { out += run; }
      ranks.push(out);
    }
    var side = document.querySelector('input[name=side]:checked').value;
    return ranks.join('/') + ' ' + side + ' - - 0 1';
  }

  // The board of a FEN under the rules chosen: {board, side, dropped} or a thrown reason.
  function readFen(text) {
    var parts = text.trim().split(/\s+/), w = rules.width, h = rules.height;
    if (!parts[0]) { throw 'the FEN is empty'; }
    var ranks = parts[0].split('/');
    if (ranks.length !== h) {
      throw 'the FEN has ' + ranks.length + ' rank' + (ranks.length === 1 ? '' : 's') + ', but ' + rules.name +
        ' has ' + h + ' (choose the rules first)';
    }
    var letters = {};
    rules.men.forEach(function (m, i) { letters[m.letter] = i; });
    var known = rules.men.map(function (m) { return m.letter; }).join(' ');
    var man = function (c, rank) {
      if (!(c in letters)) {
        throw 'rank ' + rank + ': ' + rules.name + ' has no man written ' + c + ' (its letters: ' + known + ')';
      }
      return letters[c];
    };
    var out = [];
    for (var sq = 0; sq < w * h; sq += 1) { out.push([]); }
    ranks.forEach(function (text, i) {
      var r = h - i, f = 0, toks = text.match(/\d+|\[[^\]]*\]?|./g) || [];
      toks.forEach(function (t) {
        if (/^\d+$/.test(t)) {
          if (+t < 1) { throw 'rank ' + r + ': an empty run of ' + t + ' squares'; }
          f += +t;
          return;
        }
        var on;
        if (t.charAt(0) === '[') {
          if (t.charAt(t.length - 1) !== ']') { throw 'rank ' + r + ': the stack ' + t + ' is not closed with ]'; }
          if (!rules.stacks) { throw 'rank ' + r + ': ' + rules.name + ' has no stacked squares, but the FEN has ' + t; }
          on = t.slice(1, -1).split('').map(function (c) { return man(c, r); });
          if (on.length < 2) { throw 'rank ' + r + ': the stack ' + t + ' holds fewer than two men'; }
          if (on.some(function (m) { return rules.men[m].side !== rules.men[on[0]].side; })) {
            throw 'rank ' + r + ': the stack ' + t + ' mixes the two sides';
          }
        } else {
          on = [man(t, r)];
        }
        if (f >= w) { throw 'rank ' + r + ' (' + text + ') has more than ' + w + ' squares'; }
        out[(r - 1) * w + f] = on;
        f += 1;
      });
      if (f !== w) { throw 'rank ' + r + ' (' + text + ') has ' + f + ' square' + (f === 1 ? '' : 's') + ', not ' + w; }
    });
    var side = parts[1] || 'w';
    if (side !== 'w' && side !== 'b') { throw 'the side to move is ' + side + ', not w or b'; }
    var rest = parts.slice(2).join(' ');
    return { board: out, side: side, dropped: rest !== '' && rest !== '- - 0 1' ? rest : '' };
  }

  function loadFen() {
    var msg = el('fenmsg');
    try {
      var got = readFen(el('fenin').value);
      board = got.board;
      document.querySelector('input[name=side][value=' + got.side + ']').checked = true;
      draw();
      update();
      msg.className = '';
      msg.textContent = 'The board is set up from the FEN' + (got.dropped ?
        ' (its other fields, ' + got.dropped + ', are not kept: the block writes - - 0 1).' : '.');
    } catch (why) {
      if (typeof why !== 'string') { throw why; }
      msg.className = 'bad';
      msg.textContent = 'Not set up: ' + why + '.';
    }
  }

  function quoted(s) {
    return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\u0000-\u001f]/g, ' ') + '"';
  }

  function update() {
    var f = fen();
    el('fen').value = f;
    var lines = ['[[problem]]', 'id = ' + quoted(el('pid').value.trim() || 'my-problem'),
      'rules = ' + quoted(rules.name), 'fen = ' + quoted(f), 'stipulation = ' + quoted(el('stip').value.trim())];
    if (el('source').value.trim()) { lines.push('source = ' + quoted(el('source').value.trim())); }
    if (el('solution').value.trim()) { lines.push('solution = ' + quoted(el('solution').value.trim())); }
    el('block').value = lines.join('\n') + '\n';
  }

  el('board').addEventListener('click', function (ev) {
    var sq = ev.target.getAttribute && ev.target.getAttribute('data-sq');
    if (sq !== null && sq !== undefined) { place(+sq); }
  });
  el('board').addEventListener('keydown', function (ev) {
    var sq = ev.target.getAttribute && ev.target.getAttribute('data-sq');
    if ((ev.key === 'Enter' || ev.key === ' ') && sq !== null) { ev.preventDefault(); place(+sq); }
  });
  el('rules').addEventListener('change', function () { setRules(el('rules').value, false); });
  el('empty').addEventListener('click', function () { setRules(rules.name, false); });
  el('start').addEventListener('click', function () { setRules(rules.name, true); });
  ['pid', 'stip', 'source', 'solution'].forEach(function (id) { el(id).addEventListener('input', update); });
  document.querySelectorAll('input[name=side]').forEach(function (r) { r.addEventListener('change', update); });
  el('load').addEventListener('click', loadFen);
  el('fenin').addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter') { ev.preventDefault(); loadFen(); }
  });
  el('copy').addEventListener('click', function () {
    el('block').select();
    if (navigator.clipboard) { navigator.clipboard.writeText(el('block').value); } else { document.execCommand('copy'); }
    el('said').textContent = 'The block is copied.';
  });
  setRules(data.first, false);
}());
