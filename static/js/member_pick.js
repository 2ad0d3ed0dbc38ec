// Registration in an event of a club (docs/clubs.md): each name box with data-member-search offers
// the club's members as the organizer types a number or part of a name (a <datalist>); picking one
// fills in "17 · Ana Garza", which the server reads as member 17. Without the script (or offline)
// the box still takes a number or a name.
(function () {
  "use strict";
  var boxes = document.querySelectorAll("input[data-member-search]");
  Array.prototype.forEach.call(boxes, function (box, i) {
    var list = document.createElement("datalist");
    list.id = "member-pick-" + i;
    box.setAttribute("list", list.id);
    box.parentNode.appendChild(list);
    var timer = null;
    var asked = "";
    box.addEventListener("input", function () {
      var typed = box.value.trim();
      if (timer) { clearTimeout(timer); }
      if (!typed || typed === asked || / · /.test(typed)) { return; }
      timer = setTimeout(function () {
        asked = typed;
        fetch(box.getAttribute("data-member-search") + "?q=" + encodeURIComponent(typed),
              {credentials: "same-origin", headers: {"Accept": "application/json"}})
          .then(function (r) { return r.ok ? r.json() : {members: []}; })
          .then(function (data) {
            list.textContent = "";
            data.members.forEach(function (m) {
              var option = document.createElement("option");
              option.value = m.member + " · " + m.name;
              list.appendChild(option);
            });
          })
          .catch(function () { /* offline: the box still takes a number or a name */ });
      }, 250);
    });
  });
})();
