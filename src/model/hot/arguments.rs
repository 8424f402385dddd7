//! The argument shapes of HOT functions, as Heat checks them when it parses or resolves a
//! call. Only what is written in the template is checked: an argument that is itself a
//! function call is accepted wherever Heat resolves it before use.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Mapping, Node, Value};

use super::version::{self, Version};

/// A call whose arguments Heat would reject.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgumentProblem {
    /// The offending argument (or the function name when something is missing).
    pub span: Span,
    /// What is wrong and the expected form.
    pub message: String,
}

/// Algorithms Heat's `digest` accepts: Python's `hashlib` guarantees and the common
/// OpenSSL ones.
const DIGEST_ALGORITHMS: [&str; 19] = [
    "md5",
    "sha1",
    "sha224",
    "sha256",
    "sha384",
    "sha512",
    "sha512_224",
    "sha512_256",
    "sha3_224",
    "sha3_256",
    "sha3_384",
    "sha3_512",
    "shake_128",
    "shake_256",
    "blake2b",
    "blake2s",
    "md5-sha1",
    "sm3",
    "ripemd160",
];

/// Keys `make_url` accepts.
const URL_KEYS: [&str; 8] = [
    "scheme", "username", "password", "host", "port", "path", "query", "fragment",
];

/// True when `node` is a single-key map naming a function of some HOT version.
pub fn is_call(node: &Node) -> bool {
    node.as_map().is_some_and(|m| {
        m.len() == 1
            && m.iter()
                .next()
                .is_some_and(|(k, _)| version::is_function_name(&k.text))
    })
}

/// Checks the arguments of a call of `name` (at `at`) for `version`.
pub fn check(name: &str, at: Span, args: &Node, version: Version) -> Vec<ArgumentProblem> {
    let mut check = Checker {
        name,
        at,
        version,
        out: Vec::new(),
    };
    check.run(args);
    check.out
}

/// True when the arguments have the shape of a call of `name` in the newest version that
/// has it (used to tell a real call from plain data that happens to use the name as a key).
pub fn fits(name: &str, args: &Node) -> bool {
    check(name, Span::default(), args, Version::LATEST).is_empty()
}

struct Checker<'n> {
    name: &'n str,
    at: Span,
    version: Version,
    out: Vec<ArgumentProblem>,
}

/// What a literal argument may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Text,
    Integer,
    Number,
    Boolean,
    Null,
    List,
    Map,
}

fn shape_of(node: &Node) -> Shape {
    match node.value {
        Value::Null => Shape::Null,
        Value::Bool(_) => Shape::Boolean,
        Value::Int(_) => Shape::Integer,
        Value::Float(_) => Shape::Number,
        Value::Str(_) => Shape::Text,
        Value::Seq(_) => Shape::List,
        Value::Map(_) => Shape::Map,
    }
}

impl Checker<'_> {
    fn problem(&mut self, span: Span, message: impl Into<String>) {
        self.out.push(ArgumentProblem {
            span,
            message: message.into(),
        });
    }

    /// Reports `node` unless it is a call or has one of the `allowed` shapes.
    fn expect(&mut self, node: &Node, allowed: &[Shape], what: &str) -> bool {
        if is_call(node) || allowed.contains(&shape_of(node)) {
            return true;
        }
        let found = match &node.value {
            Value::Str(s) => format!("the string `{s}`"),
            Value::Int(i) => format!("the number {i}"),
            Value::Float(f) => format!("the number {f}"),
            Value::Bool(b) => format!("`{b}`"),
            other => other.kind().to_owned(),
        };
        let name = self.name;
        self.problem(node.span, format!("`{name}`: {what}, not {found}"));
        false
    }

    /// The arguments as a list written in place (Heat checks the shape before resolving,
    /// so a function cannot produce the whole list).
    fn list<'a>(&mut self, args: &'a Node, form: &str) -> Option<&'a [Node]> {
        match args.as_seq() {
            Some(items) => Some(items),
            None => {
                let name = self.name;
                let message = if is_call(args) {
                    format!(
                        "`{name}` takes a list {form} written in place; a function cannot \
                         stand for the whole list"
                    )
                } else {
                    format!("`{name}` takes a list {form}, not {}", args.kind())
                };
                self.problem(args.span, message);
                None
            }
        }
    }

    /// The arguments as a map written in place.
    fn map<'a>(&mut self, args: &'a Node, form: &str) -> Option<&'a Mapping> {
        if is_call(args) {
            let name = self.name;
            self.problem(
                args.span,
                format!("`{name}` takes a map {form}; a function cannot stand for the whole map"),
            );
            return None;
        }
        match args.as_map() {
            Some(map) => Some(map),
            None => {
                let name = self.name;
                self.problem(
                    args.span,
                    format!("`{name}` takes a map {form}, not {}", args.kind()),
                );
                None
            }
        }
    }

    fn count(&mut self, args: &Node, items: &[Node], min: usize, max: usize, form: &str) -> bool {
        if (min..=max).contains(&items.len()) {
            return true;
        }
        let name = self.name;
        let wanted = if min == max {
            format!("{min}")
        } else if max == usize::MAX {
            format!("at least {min}")
        } else {
            format!("{min} to {max}")
        };
        self.problem(
            args.span,
            format!(
                "`{name}` takes {wanted} arguments {form}, not {}",
                items.len()
            ),
        );
        false
    }

    fn required<'a>(&mut self, map: &'a Mapping, key: &str, form: &str) -> Option<&'a Node> {
        let found = map.get(key);
        if found.is_none() {
            let name = self.name;
            let at = self.at;
            self.problem(at, format!("`{name}` needs `{key}:` ({form})"));
        }
        found
    }

    fn run(&mut self, args: &Node) {
        use Shape::*;
        let since_liberty = self.version >= Version::V2015_10_15;
        match self.name {
            "get_param" => self.get_param(args),
            "get_resource" | "Ref" => {
                self.expect(args, &[Text], "the argument is a resource name");
            }
            "get_file" => {
                self.expect(args, &[Text], "the argument is a file path");
            }
            "get_attr" => self.get_attr(args),
            "list_join" | "Fn::Join" => {
                self.list_join(args, since_liberty && self.name == "list_join")
            }
            "repeat" => self.repeat(args),
            "digest" => self.digest(args),
            "str_split" => self.str_split(args),
            "map_merge" => self.list_of(args, &[Map, Null], "items to merge are maps"),
            "list_concat" | "list_concat_unique" => {
                self.list_of(args, &[List, Null], "items to concatenate are lists")
            }
            "map_replace" => self.map_replace(args),
            "yaql" => self.yaql(args),
            "if" => self.if_(args),
            "filter" => {
                let form = "[values to remove, list]";
                if let Some(items) = self.list(args, form)
                    && self.count(args, items, 2, 2, form)
                {
                    self.expect(&items[0], &[List, Null], "the values to remove are a list");
                    self.expect(&items[1], &[List, Null], "the list to filter is a list");
                }
            }
            "str_replace" | "str_replace_strict" | "str_replace_vstrict" => self.str_replace(args),
            "make_url" => self.make_url(args),
            "contains" => {
                let form = "[value, list]";
                if let Some(items) = self.list(args, form)
                    && self.count(args, items, 2, 2, form)
                {
                    self.expect(&items[1], &[List, Text], "the second argument is a list");
                }
            }
            "equals" => {
                let form = "[value 1, value 2]";
                if let Some(items) = self.list(args, form) {
                    self.count(args, items, 2, 2, form);
                }
            }
            "not" => {
                self.condition(args);
            }
            "and" | "or" => {
                let form = "[condition 1, condition 2, ...]";
                if let Some(items) = self.list(args, form)
                    && self.count(args, items, 2, usize::MAX, form)
                {
                    for item in items {
                        self.condition(item);
                    }
                }
            }
            "resource_facade" => {
                self.one_of(args, &["metadata", "deletion_policy", "update_policy"])
            }
            "Fn::ResourceFacade" => {
                self.one_of(args, &["Metadata", "DeletionPolicy", "UpdatePolicy"])
            }
            "Fn::Select" => {
                let form = "[index, list or map]";
                if let Some(items) = self.list(args, form) {
                    self.count(args, items, 2, 2, form);
                }
            }
            "Fn::Split" => {
                let form = "[delimiter, string]";
                if let Some(items) = self.list(args, form)
                    && self.count(args, items, 2, 2, form)
                {
                    self.expect(&items[0], &[Text], "the delimiter is a string");
                }
            }
            "Fn::Replace" => {
                let form = "[{placeholder: value}, template]";
                if let Some(items) = self.list(args, form)
                    && self.count(args, items, 2, 2, form)
                {
                    self.expect(
                        &items[0],
                        &[Map],
                        "the first argument maps placeholders to values",
                    );
                    self.expect(
                        &items[1],
                        &[Text],
                        "the second argument is the template string",
                    );
                }
            }
            "Fn::Base64" => {
                self.expect(args, &[Text], "the argument is a string");
            }
            "Fn::MemberListToMap" => {
                let form = "[key name, value name, list]";
                if let Some(items) = self.list(args, form)
                    && self.count(args, items, 3, 3, form)
                {
                    for item in &items[..2] {
                        if item.as_str().is_none() {
                            self.problem(
                                item.span,
                                "`Fn::MemberListToMap`: key and value names are strings",
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn get_param(&mut self, args: &Node) {
        use Shape::*;
        match &args.value {
            Value::Str(s) if s.is_empty() => {
                self.problem(args.span, "`get_param` needs a parameter name")
            }
            Value::Seq(items) => {
                let Some(first) = items.first() else {
                    self.problem(args.span, "`get_param` needs a parameter name");
                    return;
                };
                self.expect(first, &[Text], "the parameter name is a string");
                for item in &items[1..] {
                    self.expect(item, &[Text, Integer], "path items are keys or indexes");
                }
            }
            _ => {
                self.expect(
                    args,
                    &[Text],
                    "the argument is a parameter name or [name, key, ...]",
                );
            }
        }
    }

    fn get_attr(&mut self, args: &Node) {
        use Shape::*;
        let min = if self.version >= Version::V2015_10_15 {
            1
        } else {
            2
        };
        let form = if min == 1 {
            "[resource, attribute, key, ...]"
        } else {
            "[resource, attribute, key, ...] (the attribute is required before 2015-10-15)"
        };
        let Some(items) = self.list(args, form) else {
            return;
        };
        if !self.count(args, items, min, usize::MAX, form) {
            return;
        }
        self.expect(&items[0], &[Text], "the resource name is a string");
        if let Some(attribute) = items.get(1) {
            self.expect(attribute, &[Text], "the attribute name is a string");
        }
        for item in items.iter().skip(2) {
            self.expect(item, &[Text, Integer], "path items are keys or indexes");
        }
    }

    fn list_join(&mut self, args: &Node, multiple: bool) {
        use Shape::*;
        let form = if multiple {
            "[delimiter, list, list, ...]"
        } else {
            "[delimiter, list]"
        };
        let Some(items) = self.list(args, form) else {
            return;
        };
        let max = if multiple { usize::MAX } else { 2 };
        if !self.count(args, items, 2, max, form) {
            return;
        }
        self.expect(&items[0], &[Text], "the delimiter is a string");
        for list in &items[1..] {
            if list.as_str() == Some("") {
                continue;
            }
            if !self.expect(list, &[List, Null], "what is joined is a list") {
                continue;
            }
            for item in list.as_seq().unwrap_or(&[]) {
                let allowed: &[Shape] = if multiple {
                    &[Text, Null, List, Map]
                } else {
                    &[Text, Null]
                };
                self.expect(item, allowed, "items to join are strings (quote numbers)");
            }
        }
    }

    fn repeat(&mut self, args: &Node) {
        use Shape::*;
        let form = "{template: ..., for_each: {<var>: <list>}}";
        let Some(map) = self.map(args, form) else {
            return;
        };
        let for_each = self.required(map, "for_each", form);
        self.required(map, "template", form);
        let with_map = self.version >= Version::V2016_10_14;
        let mut permutations = true;
        if let Some(flag) = map.get("permutations") {
            if self.version < Version::V2017_09_01 {
                self.problem(
                    flag.span,
                    format!(
                        "`repeat`: `permutations` needs heat_template_version 2017-09-01 or later \
                         (this template is {}); Heat ignores it here",
                        self.version
                    ),
                );
            } else if let Value::Bool(b) = flag.value {
                permutations = b;
            } else {
                self.problem(
                    flag.span,
                    "`repeat`: `permutations` is true or false, written in place",
                );
            }
        }
        let Some(for_each) = for_each else {
            return;
        };
        if !self.expect(
            for_each,
            &[Map],
            "`for_each` maps each placeholder to a list",
        ) {
            return;
        }
        let allowed: &[Shape] = if with_map && permutations {
            &[List, Map, Null]
        } else {
            &[List, Null]
        };
        let what = if allowed.contains(&Map) {
            "each `for_each` value is a list or a map"
        } else {
            "each `for_each` value is a list"
        };
        let mut lengths = Vec::new();
        for (_, values) in for_each.as_map().into_iter().flat_map(Mapping::iter) {
            if self.expect(values, allowed, what)
                && let Some(list) = values.as_seq()
            {
                lengths.push((list.len(), values.span));
            }
        }
        if !permutations
            && let Some(&(first, _)) = lengths.first()
            && let Some(&(other, at)) = lengths.iter().find(|(n, _)| *n != first)
        {
            self.problem(
                at,
                format!(
                    "`repeat` with `permutations: false` needs lists of equal length ({first} and {other})"
                ),
            );
        }
    }

    fn digest(&mut self, args: &Node) {
        use Shape::*;
        if is_call(args) {
            return;
        }
        let form = "[algorithm, value]";
        let Some(items) = self.list(args, form) else {
            return;
        };
        if !self.count(args, items, 2, 2, form) {
            return;
        }
        if self.expect(&items[0], &[Text], "the algorithm is a string")
            && let Some(algorithm) = items[0].as_str()
            && !DIGEST_ALGORITHMS.contains(&algorithm.to_ascii_lowercase().as_str())
        {
            self.problem(
                items[0].span,
                format!(
                    "`digest`: `{algorithm}` is not a known algorithm; use md5, sha1, sha224, \
                     sha256, sha384 or sha512"
                ),
            );
        }
        self.expect(&items[1], &[Text], "the value to digest is a string");
    }

    fn str_split(&mut self, args: &Node) {
        use Shape::*;
        if is_call(args) {
            return;
        }
        let form = "[delimiter, string, index]";
        let Some(items) = self.list(args, form) else {
            return;
        };
        if !self.count(args, items, 2, 3, form) {
            return;
        }
        self.expect(&items[0], &[Text], "the delimiter is a string");
        self.expect(&items[1], &[Text, Null], "what is split is a string");
        if let Some(index) = items.get(2) {
            let whole = match &index.value {
                Value::Int(_) => true,
                Value::Str(s) => s.trim().parse::<i64>().is_ok(),
                _ => is_call(index),
            };
            if !whole {
                self.problem(index.span, "`str_split`: the index is a whole number");
            }
        }
    }

    /// A list (or a call) whose literal items have one of the `allowed` shapes.
    fn list_of(&mut self, args: &Node, allowed: &[Shape], what: &str) {
        if is_call(args) {
            return;
        }
        let name = self.name;
        let Some(items) = args.as_seq() else {
            self.problem(
                args.span,
                format!("`{name}` takes a list; {what}, not {}", args.kind()),
            );
            return;
        };
        for item in items {
            self.expect(item, allowed, what);
        }
    }

    fn map_replace(&mut self, args: &Node) {
        use Shape::*;
        if is_call(args) {
            return;
        }
        let form = "[map, {keys: {...}, values: {...}}]";
        let Some(items) = self.list(args, form) else {
            return;
        };
        if !self.count(args, items, 2, 2, form) {
            return;
        }
        self.expect(
            &items[0],
            &[Map, Null],
            "the first argument is the map to change",
        );
        if !self.expect(
            &items[1],
            &[Map, Null],
            "the second argument holds `keys` and `values`",
        ) {
            return;
        }
        for (key, value) in items[1].as_map().into_iter().flat_map(Mapping::iter) {
            if key.text == "keys" || key.text == "values" {
                self.expect(value, &[Map, Null], "`keys` and `values` are maps");
            } else {
                self.problem(
                    key.span,
                    format!("`map_replace`: `{}` is not `keys` or `values`", key.text),
                );
            }
        }
    }

    fn yaql(&mut self, args: &Node) {
        use Shape::*;
        let form = "{expression: ..., data: {...}}";
        let Some(map) = self.map(args, form) else {
            return;
        };
        for (key, _) in map.iter() {
            if key.text != "expression" && key.text != "data" {
                self.problem(
                    key.span,
                    format!("`yaql`: `{}` is not `expression` or `data`", key.text),
                );
            }
        }
        if let Some(expression) = self.required(map, "expression", form) {
            self.expect(expression, &[Text], "the expression is a string");
        }
    }

    fn if_(&mut self, args: &Node) {
        let form = "[condition, value if true, value if false]";
        if let Some(items) = self.list(args, form)
            && self.count(args, items, 3, 3, form)
        {
            self.condition(&items[0]);
        }
    }

    /// A condition: a condition name, `true`/`false`, or a condition function.
    fn condition(&mut self, node: &Node) {
        use Shape::*;
        self.expect(
            node,
            &[Text, Boolean],
            "a condition is a condition name, true/false or a condition function",
        );
    }

    fn str_replace(&mut self, args: &Node) {
        use Shape::*;
        let form = "{template: ..., params: {...}}";
        let Some(map) = self.map(args, form) else {
            return;
        };
        let template = self.required(map, "template", form);
        let params = self.required(map, "params", form);
        if let Some(template) = template {
            self.expect(template, &[Text], "`template` is a string");
        }
        let Some(params) = params else {
            return;
        };
        if !self.expect(params, &[Map], "`params` maps placeholders to values") {
            return;
        }
        let json = self.version >= Version::V2015_10_15;
        let strict = self.name != "str_replace";
        let vstrict = self.name == "str_replace_vstrict";
        let allowed: &[Shape] = if json {
            &[Text, Integer, Number, Boolean, Null, List, Map]
        } else {
            &[Text, Integer, Number, Boolean, Null]
        };
        let template_text = template.and_then(Node::as_str);
        for (key, value) in params.as_map().into_iter().flat_map(Mapping::iter) {
            self.expect(value, allowed, "a replacement is a string or a number");
            let empty = match &value.value {
                Value::Null => true,
                Value::Str(s) => s.is_empty(),
                Value::Seq(s) => s.is_empty(),
                Value::Map(m) => m.is_empty(),
                _ => false,
            };
            if vstrict && empty {
                self.problem(
                    value.span,
                    format!(
                        "`str_replace_vstrict`: the value of `{}` is empty",
                        key.text
                    ),
                );
            }
            if strict
                && let Some(text) = template_text
                && !text.contains(key.text.as_str())
            {
                let name = self.name;
                self.problem(
                    key.span,
                    format!("`{name}`: `{}` does not occur in the template", key.text),
                );
            }
        }
    }

    fn make_url(&mut self, args: &Node) {
        use Shape::*;
        let form = "{scheme: ..., host: ..., port: ..., path: ...}";
        let Some(map) = self.map(args, form) else {
            return;
        };
        for (key, value) in map.iter() {
            match key.text.as_str() {
                "query" => {
                    self.expect(value, &[Map], "`query` is a map");
                }
                "port" => {
                    if is_call(value) {
                        continue;
                    }
                    let port = match &value.value {
                        Value::Int(i) => Some(*i),
                        Value::Str(s) => s.trim().parse::<i64>().ok(),
                        _ => None,
                    };
                    if !port.is_some_and(|p| (1..=65535).contains(&p)) {
                        self.problem(
                            value.span,
                            "`make_url`: the port is a number from 1 to 65535",
                        );
                    }
                }
                other if URL_KEYS.contains(&other) => {
                    self.expect(value, &[Text], "URL parts are strings");
                }
                other => self.problem(
                    key.span,
                    format!(
                        "`make_url`: `{other}` is not a URL part; use scheme, username, password, \
                         host, port, path, query or fragment"
                    ),
                ),
            }
        }
    }

    fn one_of(&mut self, args: &Node, allowed: &[&str]) {
        if args.as_str().is_some_and(|s| allowed.contains(&s)) {
            return;
        }
        let name = self.name;
        self.problem(
            args.span,
            format!("`{name}` takes one of {}", allowed.join(", ")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    fn problems(text: &str, version: Version) -> Vec<String> {
        let root = parse(text.as_bytes(), &YamlLimits::default())
            .expect("test YAML parses")
            .root;
        let map = root.as_map().expect("a map");
        let (key, args) = map.iter().next().expect("one key");
        check(&key.text, key.span, args, version)
            .into_iter()
            .map(|p| p.message)
            .collect()
    }

    fn ok(text: &str) {
        let found = problems(text, Version::LATEST);
        assert!(found.is_empty(), "{text}: {found:?}");
    }

    fn bad(text: &str, version: Version) {
        assert!(
            !problems(text, version).is_empty(),
            "{text} should be rejected"
        );
    }

    #[test]
    fn accepts_the_documented_forms() {
        ok("get_param: image_name");
        ok("get_param: [server_data, keys, 0]");
        ok("get_attr: [server, networks, private, 0]");
        ok("get_attr: [server]");
        ok("get_attr: [{get_param: name}, first_address]");
        ok("list_join: [',', [a, b], {get_param: more}]");
        ok("repeat: {template: {port: <%p%>}, for_each: {<%p%>: {get_param: ports}}}");
        ok("digest: [sha512, {get_param: password}]");
        ok("str_split: [',', 'a,b,c', 1]");
        ok("map_merge: [{a: 1}, {get_param: extra}]");
        ok("map_replace: [{a: 1}, {keys: {a: b}}]");
        ok("yaql: {expression: $.data.x.sum(), data: {x: [1, 2]}}");
        ok("if: [is_prod, m1.large, m1.small]");
        ok("filter: [[null], [a, null]]");
        ok("str_replace_strict: {template: 'host=$H', params: {$H: {get_param: h}}}");
        ok("make_url: {scheme: https, host: dns.example.net, port: 8443, path: /v1}");
        ok("list_concat: [[a], {get_param: b}]");
        ok("contains: [{get_param: env}, [prod, staging]]");
        ok("and: [is_prod, {equals: [{get_param: zone}, az1]}]");
        ok("not: is_prod");
        ok("resource_facade: metadata");
        ok("digest: {get_param: digest_args}");
    }

    #[test]
    fn rejects_wrong_shapes() {
        let v = Version::LATEST;
        bad("get_param: [ ]", v);
        bad("get_param: {name: x}", v);
        bad("get_attr: server", v);
        bad("get_attr: {get_param: args}", v);
        bad("get_attr: [server]", Version::V2015_04_30);
        bad("list_join: [',']", v);
        bad("list_join: [',', [a], [b]]", Version::V2015_04_30);
        bad("list_join: [',', [10, 0, 0, 1]]", v);
        bad("list_join: [',', 'a,b']", v);
        bad("repeat: {template: x}", v);
        bad("repeat: {template: x, for_each: {'%x%': abc}}", v);
        bad(
            "repeat: {template: x, for_each: {'%x%': {a: 1}}}",
            Version::V2015_10_15,
        );
        bad(
            "repeat: {template: x, for_each: {'%x%': [a]}, permutations: false}",
            Version::V2016_10_14,
        );
        bad(
            "repeat: {template: x, for_each: {'%a%': [a], '%b%': [b, c]}, permutations: false}",
            v,
        );
        bad("digest: [sha999, x]", v);
        bad("digest: [sha256]", v);
        bad("str_split: 'a,b'", v);
        bad("str_split: [',', 'a,b', first]", v);
        bad("map_merge: [[a]]", v);
        bad("map_replace: [{a: 1}, {renames: {a: b}}]", v);
        bad("yaql: {expr: x}", v);
        bad("if: [is_prod, a]", v);
        bad("if: [3, a, b]", v);
        bad("filter: [a, [a, b]]", v);
        bad("str_replace: {template: x}", v);
        bad("str_replace: {template: x, params: [a]}", v);
        bad(
            "str_replace: {template: x, params: {a: [1]}}",
            Version::V2015_04_30,
        );
        bad("str_replace_strict: {template: 'a=$A', params: {$B: 1}}", v);
        bad(
            "str_replace_vstrict: {template: 'a=$A', params: {$A: ''}}",
            v,
        );
        bad("make_url: {host: h, port: 70000}", v);
        bad("make_url: {host: h, hostname: h}", v);
        bad("contains: [a]", v);
        bad("equals: [a, b, c]", v);
        bad("and: [a]", v);
        bad("not: [a]", v);
        bad("resource_facade: properties", v);
        bad("Fn::Join: [',', [a], [b]]", Version::V2013_05_23);
        bad("Fn::MemberListToMap: [Name, Value]", Version::V2013_05_23);
    }

    #[test]
    fn recognises_calls_and_plain_data() {
        assert!(fits(
            "if",
            &parse(b"[a, b, c]", &YamlLimits::default()).unwrap().root
        ));
        assert!(!fits(
            "filter",
            &parse(b"name=web", &YamlLimits::default()).unwrap().root
        ));
    }
}
