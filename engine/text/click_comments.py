"""Translator comments for click's own messages, which click's source cannot carry.

``cardrules i18n extract`` reads the messages of click's modules (its
``Usage:``, its errors for a wrong command line) into the template; a
translator sees each with the comment given here, as with the program's own.
Keyed by the message's English text (the singular of a plural message).
"""

from __future__ import annotations

CLICK_COMMENTS: dict[str, str] = {
    "Aborted!": "click: the program was interrupted (Ctrl-C) while it asked something; printed alone on a line.",
    "Options": "click: the heading of the list of a command's options in --help.",
    "Got unexpected extra argument ({args})": (
        'click: the command line has words the command does not take; {args} lists them, e.g. "foo bar".'
    ),
    "Commands": "click: the heading of the list of commands in --help.",
    "Missing command.": "click: a command name was expected after the program's name (cardrules play, ...).",
    "%(prog)s, version %(version)s": (
        'click: the answer to --version, e.g. "cardrules, version 0.3.0"; keep %(prog)s and %(version)s.'
    ),
    "Show the version and exit.": "click: the help of the --version option.",
    "Show this message and exit.": "click: the help of the -h/--help option.",
    "Did you mean {possibility}?": (
        'click: a hint after an unknown option; {possibility} is a close option, e.g. "--lang"; the plural form'
        " lists several ({possibilities})."
    ),
    "Error: {message}": "click: the start of a command-line error; {message} is what is wrong.",
    "Try '{command} {option}' for help.": (
        'click: under a command-line error; {command} is the command typed, e.g. "cardrules play", {option} the'
        ' help option, e.g. "-h": keep both as they are.'
    ),
    "Invalid value: {message}": "click: a value on the command line was refused; {message} says why.",
    "Invalid value for {param_hint}: {message}": (
        "click: a value on the command line was refused; {param_hint} names the option, e.g. \"'--games'\","
        " {message} says why."
    ),
    "Missing argument": (
        "click: a required argument (a value given without an option name, e.g. the FILE of replay) was not given:"
        " the argument exists but is missing from the command line."
    ),
    "Missing option": (
        "click: a required option was not given: the option exists and must be added to the command line (not"
        ' "there is no such option").'
    ),
    "Missing parameter": "click: a required value of the command line was not given (an option or an argument).",
    "Missing {param_type}": (
        'click: a required value was not given; {param_type} is the translated kind, "argument" or "option".'
    ),
    "Missing parameter: {param_name}": 'click: a required value was not given; {param_name} names it, e.g. "FILE".',
    "No such option {name!r}.": "click: the command line names an option the command does not have, e.g. '--lnag'.",
    "No such command {name!r}.": "click: the command line names a command the program does not have, e.g. 'paly'.",
    "unknown error": "click: the reason given for a failure with no description of its own.",
    "Usage:": 'click: the heading of the usage line of --help and of command-line errors, e.g. "Usage: cardrules".',
    "Option {name!r} does not take a value.": (
        "click: a flag (an option without a value, e.g. '--json') was given one, as in --json=yes."
    ),
    "Option {name!r} requires an argument.": (
        "click: an option was given without its value, e.g. '--games' with no number; the plural says how many"
        " values ({nargs})."
    ),
    "Choose from:\n\t{choices}": (
        "click: under a refused value, the values allowed; {choices} lists them one per line; keep the line break"
        " and the tab."
    ),
    "{value!r} is not a valid {number_type}.": (
        'click: a value that is no number; {value} is what was typed, {number_type} the kind expected ("integer"'
        ' or "float").'
    ),
    "{value} is not in the range {range}.": (
        'click: a number out of bounds; {value} is what was typed, {range} the bounds, e.g. "x>=1".'
    ),
    "file": 'click: the kind of path an option expects, in "{name} {filename} is a directory." (a file).',
    "directory": 'click: the kind of path an option expects, in "{name} {filename} is a file." (a directory).',
    "path": "click: the kind of path an option expects (a file or a directory).",
    "{name} {filename!r} is a file.": (
        'click: a directory was expected; {name} is the kind of path ("directory"), {filename} the path given.'
    ),
    "{name} {filename!r} is a directory.": (
        'click: a file was expected; {name} is the kind of path ("file"), {filename} the path given.'
    ),
    "{name} {filename!r} is not readable.": (
        "click: the file cannot be read (permissions); {name} is the kind of path, {filename} the path given."
    ),
}
