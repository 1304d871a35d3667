// The edition of mansuba: the play-through of each problem and the index's search,
// filters, sorting and small diagrams. Every position shown was computed by mansuba and
// written into the page (the play-data of each section): this script knows no rule of
// the game, it only puts the men where the page says they stand.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var table = JSON.parse(document.getElementById('men-data').textContent);
  var players = [];
  var current = null;

  function squareName(sq, width) {
    return String.fromCharCode(97 + sq % width) + (Math.floor(sq / width) + 1);
  }

  // A position as the page writes it: "sq=i.j sq=i", the men of each square.
  function cells(text) {
    var out = [];
    text.split(' ').forEach(function (c) {
      if (!c) { return; }
      var kv = c.split('=');
      out.push([+kv[0], kv[1].split('.').map(Number)]);
    });
    return out;
  }

  function Player(section) {
    this.section = section;
    this.data = JSON.parse(section.querySelector('script.play-data').textContent);
    this.svg = section.querySelector('.board svg');
    this.squares = this.svg.querySelectorAll('g.squares rect');
    this.men = this.svg.querySelector('g.men');
    this.marks = document.createElementNS(NS, 'g');
    this.marks.setAttribute('class', 'lastmove');
    this.men.parentNode.insertBefore(this.marks, this.men);
    this.now = section.querySelector('p.now');
    this.links = Array.prototype.slice.call(section.querySelectorAll('a.mv'));
    this.line = 0;
    this.k = -1;
    var self = this;
    this.links.forEach(function (a) {
      a.addEventListener('click', function (ev) {
        ev.preventDefault();
        self.show(+a.getAttribute('data-l'), +a.getAttribute('data-k'));
      });
    });
    section.querySelectorAll('.controls button').forEach(function (b) {
      b.addEventListener('click', function () { self.go(b.getAttribute('data-go')); });
    });
    section.addEventListener('focusin', function () { current = self; });
    section.addEventListener('click', function () { current = self; });
  }

  Player.prototype.moveId = function (l, k) {
    return k < 0 ? -1 : this.data.lines[l][k];
  };

  Player.prototype.square = function (sq) {
    var r = this.squares[sq];
    var x = +r.getAttribute('x'), y = +r.getAttribute('y'), w = +r.getAttribute('width');
    return { x: x, y: y, w: w };
  };

  // Draws position `p` (an index into the page's positions).
  Player.prototype.draw = function (p) {
    var self = this;
    var parts = [];
    cells(this.data.pos[p]).forEach(function (c) {
      var sq = c[0], on = c[1];
      var b = self.square(sq);
      var cx = b.x + b.w / 2, cy = b.y + b.w / 2;
      var layout = table.stacks[Math.min(on.length, 4) - 1];
      if (on.length > 1) {
        parts.push('<rect class="stack" x="' + (b.x + 2) + '" y="' + (b.y + 2) + '" width="' + (b.w - 4) +
          '" height="' + (b.w - 4) + '" fill="none" stroke="#7a2e9e" stroke-width="2" stroke-dasharray="4 3"/>');
      }
      on.forEach(function (m, i) {
        var l = layout[Math.min(i, layout.length - 1)];
        var man = table.men[m];
        parts.push('<g class="at" data-sq="' + sq + '" data-side="' + man.side + '" data-letter="' + man.letter +
          '" transform="translate(' + (cx + l[0] * b.w) + ' ' + (cy + l[1] * b.w) + ') scale(' + l[2] + ')">' +
          man.figure + '</g>');
      });
    });
    this.men.innerHTML = parts.join('');
  };

  // The position in words, for a reader who does not see the diagram.
  Player.prototype.words = function (p) {
    var w = this.data.width, sides = { w: [], b: [] };
    cells(this.data.pos[p]).forEach(function (c) {
      c[1].forEach(function (m) {
        var man = table.men[m];
        sides[man.side].push(man.kind + ' ' + squareName(c[0], w));
      });
    });
    return 'White: ' + (sides.w.join(', ') || 'none') + '. Black: ' + (sides.b.join(', ') || 'none') +
      '. ' + (this.data.side[p] === 'w' ? 'White' : 'Black') + ' to move. FEN ' + this.data.fen[p];
  };

  Player.prototype.show = function (l, k) {
    var line = this.data.lines[l];
    if (!line) { return; }
    k = Math.max(-1, Math.min(k, line.length - 1));
    this.line = l;
    this.k = k;
    current = this;
    var id = this.moveId(l, k);
    var mv = id < 0 ? null : this.data.moves[id];
    var p = mv ? mv[0] : 0;
    this.draw(p);
    this.svg.setAttribute('data-pos', p);
    this.svg.setAttribute('data-fen', this.data.fen[p]);
    this.svg.querySelectorAll('g.arrow').forEach(function (a) {
      a.style.display = mv ? 'none' : '';
    });
    var marks = '';
    if (mv) {
      var self = this;
      [mv[1], mv[2]].forEach(function (sq) {
        if (sq >= self.squares.length) { return; }
        var b = self.square(sq);
        marks += '<rect x="' + b.x + '" y="' + b.y + '" width="' + b.w + '" height="' + b.w +
          '" fill="#f7d34a" opacity="0.55"/>';
      });
    }
    this.marks.innerHTML = marks;
    var self2 = this;
    this.links.forEach(function (a) {
      var here = mv && self2.moveId(+a.getAttribute('data-l'), +a.getAttribute('data-k')) === id;
      a.classList.toggle('here', !!here);
      if (here) { a.setAttribute('aria-current', 'step'); } else { a.removeAttribute('aria-current'); }
    });
    this.now.textContent = (mv ? 'After ' + mv[3] + '. ' : 'The problem\'s position. ') + this.words(p);
  };

  Player.prototype.go = function (where) {
    var n = this.data.lines[this.line] ? this.data.lines[this.line].length : 0;
    if (where === 'home') { this.show(this.line, -1); }
    if (where === 'back') { this.show(this.line, this.k - 1); }
    if (where === 'next' && this.k + 1 < n) { this.show(this.line, this.k + 1); }
    if (where === 'end') { this.show(this.line, n - 1); }
  };

  document.querySelectorAll('section.problem').forEach(function (s) {
    if (s.querySelector('script.play-data') && s.querySelector('.board svg')) {
      var pl = new Player(s);
      players.push(pl);
      pl.show(0, -1);
    }
  });

  document.addEventListener('keydown', function (ev) {
    var t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) { return; }
    var keys = { ArrowLeft: 'back', ArrowRight: 'next', Home: 'home', End: 'end' };
    var where = keys[ev.key];
    if (!where) { return; }
    var pl = current;
    if (!pl) {
      var s = t && t.closest ? t.closest('section.problem') : null;
      players.forEach(function (x) { if (x.section === s) { pl = x; } });
    }
    if (!pl) { return; }
    ev.preventDefault();
    pl.go(where);
  });

  // The index: small diagrams, filters, search and sorting.
  var body = document.querySelector('table.index tbody');
  if (!body) { return; }
  var rows = Array.prototype.slice.call(body.querySelectorAll('tr'));
  rows.forEach(function (tr) {
    var td = tr.querySelector('td.mini');
    var sec = td && document.getElementById(td.getAttribute('data-of'));
    var svg = sec && sec.querySelector('.board svg');
    if (svg) {
      var copy = svg.cloneNode(true);
      copy.querySelectorAll('g.lastmove').forEach(function (g) { g.remove(); });
      copy.setAttribute('width', (+svg.getAttribute('width') / 4).toFixed(1));
      copy.setAttribute('height', (+svg.getAttribute('height') / 4).toFixed(1));
      copy.setAttribute('aria-hidden', 'true');
      td.appendChild(copy);
    }
  });
  var filters = Array.prototype.slice.call(document.querySelectorAll('select.filter'));
  filters.forEach(function (sel) {
    var by = sel.getAttribute('data-by'), seen = {};
    rows.forEach(function (tr) { seen[tr.getAttribute('data-' + by) || ''] = true; });
    Object.keys(seen).sort().forEach(function (v) {
      if (!v) { return; }
      var o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      sel.appendChild(o);
    });
    sel.addEventListener('change', apply);
  });
  var search = document.getElementById('search');
  var shown = document.getElementById('shown');
  if (search) { search.addEventListener('input', apply); }
  function apply() {
    var q = search ? search.value.trim().toLowerCase() : '';
    var n = 0;
    rows.forEach(function (tr) {
      var ok = filters.every(function (sel) {
        return !sel.value || tr.getAttribute('data-' + sel.getAttribute('data-by')) === sel.value;
      }) && (!q || tr.textContent.toLowerCase().indexOf(q) >= 0);
      tr.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = n + ' of ' + rows.length + ' shown';
  }
  document.querySelectorAll('table.index th[data-sort]').forEach(function (th) {
    th.tabIndex = 0;
    var sort = function () {
      var col = Array.prototype.indexOf.call(th.parentNode.children, th);
      var up = th.getAttribute('aria-sort') !== 'ascending';
      th.parentNode.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
      var num = th.getAttribute('data-sort') === 'num';
      var key = function (tr) {
        var t = tr.children[col].textContent.trim();
        return num ? parseFloat(t) || 0 : t.toLowerCase();
      };
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        return (x < y ? -1 : x > y ? 1 : 0) * (up ? 1 : -1);
      });
      rows.forEach(function (tr) { body.appendChild(tr); });
    };
    th.addEventListener('click', sort);
    th.addEventListener('keydown', function (ev) {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sort(); }
    });
  });
  apply();
}());
